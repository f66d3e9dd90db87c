import type { WatchedWords } from "../../watched-words/watched-words";
import { Router, type RequestHandler } from "express";
import { CONVERSATIONS_PAGE_SIZE } from "@shared/constants";
import {
  addParticipantSchema,
  conversationReadSchema,
  conversationsQuerySchema,
  createConversationSchema,
  messageSchema,
  messagesQuerySchema,
} from "@shared/schemas/conversations";
import type { ConversationReadPosition } from "@shared/types";
import {
  addParticipant,
  CONVERSATION_NOT_FOUND,
  createConversation,
  deleteMessage,
  leaveConversation,
  markConversationRead,
  MESSAGE_NOT_FOUND,
  sendMessage,
} from "../../commands/conversations";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { member, memberHandler, writer } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { findViewerFlagged } from "../../queries/flags";
import { presentConversation, presentConversationsPage, presentMessage, presentMessagesPage } from "../../presenters/conversation";
import { countUnreadConversations, findConversation, findMessage, isParticipant, listConversations, listMessages } from "../../queries/conversations";
import { parseId } from "../params";

interface ConversationsRouterOptions {
  db: Db;
  /** 30 messages a minute per member. */
  messageLimit: RequestHandler;
  /** 10 new conversations an hour per member. */
  conversationLimit: RequestHandler;
  /** The watched words every message is checked against (docs/decisions/064). */
  watchedWords: WatchedWords;
}

/**
 * /api/conversations: private messages (docs/product.md "Private messages and blocking"). Only participants see a
 * conversation; to everyone else, admins included, it is a 404. Always read from the primary: a
 * message just sent must be in the next page, and nothing here is shared between members.
 */
export function conversationsRouter({ db, messageLimit, conversationLimit, watchedWords }: ConversationsRouterOptions): Router {
  const router = Router();
  const conversationId = (raw: unknown) => parseId(raw, CONVERSATION_NOT_FOUND);

  const ownConversation = async (userId: number, id: number) => {
    const row = await findConversation(db, userId, id);
    if (!row) throw notFound(CONVERSATION_NOT_FOUND);
    return row;
  };

  router.get("/", member, memberHandler(async (req, res) => {
    const { cursor } = conversationsQuerySchema.parse(req.query);
    const [rows, unreadCount] = await Promise.all([listConversations(db, req.user.id, cursor), countUnreadConversations(db, req.user.id)]);
    res.json(presentConversationsPage(rows, CONVERSATIONS_PAGE_SIZE, unreadCount));
  }));

  router.post("/", writer, conversationLimit, memberHandler(createConversationSchema, async (req, res) => {
    const id = await createConversation(db, req.user, req.body, await watchedWords.matcher());
    res.status(201).json(presentConversation(await ownConversation(req.user.id, id)));
  }));

  router.get("/:id", member, memberHandler(async (req, res) => {
    res.json(presentConversation(await ownConversation(req.user.id, conversationId(req.params.id))));
  }));

  router.get("/:id/messages", member, memberHandler(async (req, res) => {
    const id = conversationId(req.params.id);
    const { before } = messagesQuerySchema.parse(req.query);
    if (!(await isParticipant(db, id, req.user.id))) throw notFound(CONVERSATION_NOT_FOUND);
    const page = await listMessages(db, id, before);
    const flagged = await findViewerFlagged(db, req.user.id, "message", page.rows.map((row) => row.id));
    res.json(presentMessagesPage(page, req.user.id, flagged));
  }));

  router.post("/:id/messages", writer, messageLimit, memberHandler(messageSchema, async (req, res) => {
    const id = conversationId(req.params.id);
    const messageId = await sendMessage(db, req.user.id, id, req.body.content, await watchedWords.matcher());
    res.status(201).json(presentMessage((await findMessage(db, id, messageId))!, req.user.id));
  }));

  router.delete("/:id/messages/:messageId", member, noBody, memberHandler(async (req, res) => {
    const id = conversationId(req.params.id);
    const messageId = parseId(req.params.messageId, MESSAGE_NOT_FOUND);
    await deleteMessage(db, req.user, id, messageId);
    res.json(presentMessage((await findMessage(db, id, messageId))!, req.user.id));
  }));

  router.put("/:id/read", member, memberHandler(conversationReadSchema, async (req, res) => {
    const lastReadMessageId = await markConversationRead(db, req.user.id, conversationId(req.params.id), req.body.messageId);
    res.json({ lastReadMessageId } satisfies ConversationReadPosition);
  }));

  // Bringing someone into a conversation is messaging them: a silenced member may not.
  router.post("/:id/participants", writer, memberHandler(addParticipantSchema, async (req, res) => {
    const id = conversationId(req.params.id);
    await addParticipant(db, req.user, id, req.body.username);
    res.status(201).json(presentConversation(await ownConversation(req.user.id, id)));
  }));

  router.delete("/:id/participants/me", member, noBody, memberHandler(async (req, res) => {
    await leaveConversation(db, req.user.id, conversationId(req.params.id));
    res.status(204).end();
  }));

  return router;
}
