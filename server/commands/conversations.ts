import { sql } from "drizzle-orm";
import { CONVERSATION_MAX_MEMBERS } from "@shared/constants";
import { draftKeys } from "@shared/schemas/drafts";
import type { CreateConversationData } from "@shared/schemas/conversations";
import type { Db } from "../db/client";
import { channels } from "../events/channels";
import { badRequest, conflict, forbidden, notFound } from "../errors";
import { addToConversationRefusal, canDeleteMessage, hasRoomForAnother } from "../policies/conversation";
import { renderAsAuthor } from "../markdown/render-as-author";
import { censoredSource, raiseWatchedWordFlag, screenWrite } from "./watched-words";
import type { WordMatcher } from "../watched-words/matcher";
import { findMembersByName } from "../queries/conversations";
import { discardDraft } from "./drafts";
import { queuePushes } from "./push-jobs";

/**
 * Private messages (docs/product.md "Private messages and blocking", docs/decisions/032-private-messages.md). Each
 * command is one transaction; a new message is announced with pg_notify in it, so every server
 * process hears of it at commit and sends it to the participants' sockets it holds (ws/message-relay.ts).
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The NOTIFY channel. A new message: `{"conversationId":n,"messageId":n,"userIds":[n]}` (the
 * participants when it was sent); a member's read position moved: `{"conversationId":n,"readerId":n,"lastReadMessageId":n}`.
 */

export const CONVERSATION_NOT_FOUND = "Conversation not found";
export const MESSAGE_NOT_FOUND = "Message not found";
const USER_NOT_FOUND = "User not found";

/** Who acts: the member's id and whether they are staff (whom blocking does not silence). */
interface Actor {
  id: number;
  isAdmin: boolean;
  isModerator: boolean;
}

/**
 * The caller's conversation, locked for the transaction: adding members and leaving take turns
 * (`update`), and messages (`share`, not waiting for each other) wait for them, so a newcomer is told
 * of every message committed after they joined. Otherwise
 * 404 when they are not in it: nobody else, admins included, learns that it exists.
 */
async function lockOwnConversation(tx: Tx, conversationId: number, userId: number, mode: "update" | "share" = "update"): Promise<void> {
  const result = await tx.execute(sql`
    SELECT c.id FROM conversations c
    WHERE c.id = ${conversationId} AND EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = c.id AND p.user_id = ${userId})
    FOR ${mode === "update" ? sql`UPDATE` : sql`SHARE`}`);
  if (result.rows.length === 0) throw notFound(CONVERSATION_NOT_FOUND);
}

/**
 * Writes a message, makes it every member's newest (the list's order) and the sender's read
 * position, discards the sender's draft of it and announces it to the members (and queues a push
 * for the others who have a push subscription).
 */
async function writeMessage(tx: Tx, input: { conversationId: number; authorId: number; content: string; contentCensored: string | null; html: string; text: string }): Promise<number> {
  const { conversationId, authorId } = input;
  const inserted = await tx.execute<{ id: number }>(sql`
    INSERT INTO messages (conversation_id, author_id, content, content_censored, html, plain_text)
    VALUES (${conversationId}, ${authorId}, ${input.content}, ${input.contentCensored}, ${input.html}, ${input.text}) RETURNING id`);
  const messageId = inserted.rows[0]!.id;
  await tx.execute(sql`
    WITH told AS (
      UPDATE conversation_participants SET last_message_id = ${messageId},
        last_read_message_id = CASE WHEN user_id = ${authorId} THEN ${messageId} ELSE last_read_message_id END
      WHERE conversation_id = ${conversationId}
      RETURNING user_id
    ), queued AS (${queuePushes(sql`SELECT user_id, ${messageId}::int AS id FROM told WHERE user_id <> ${authorId}`, "messageId")})
    SELECT pg_notify(${channels.messages.name}, json_build_object('conversationId', ${conversationId}::int, 'messageId', ${messageId}::int,
      'userIds', (SELECT json_agg(user_id) FROM told))::text), (SELECT added FROM queued)`);
  await discardDraft(tx, authorId, draftKeys.conversation(conversationId));
  return messageId;
}

/**
 * POST /api/conversations: the caller and the named members (repeats and the caller's own name
 * dropped; at least one other), with its first message. 404 for a name of no member; 403 when one
 * of them blocked the caller (unless the caller is staff).
 */
export async function createConversation(db: Db, creator: Actor, input: CreateConversationData, words: WordMatcher): Promise<number> {
  const flagged = screenWrite(words, input.title, input.content);
  // Each name once, as the caller wrote it (the 404 quotes it).
  const names = [...new Map(input.usernames.map((name) => [name.toLowerCase(), name])).values()];
  const { html, text } = await renderAsAuthor(db, creator.id, input.content, words);
  return db.transaction(async (tx) => {
    const found = await findMembersByName(tx, names, creator.id);
    if (found.length < names.length) {
      const known = new Set(found.map((member) => member.username.toLowerCase()));
      throw notFound(`${USER_NOT_FOUND}: ${names.find((name) => !known.has(name.toLowerCase()))}`);
    }
    const others = found.filter((member) => member.id !== creator.id);
    if (others.length === 0) throw badRequest("Choose at least one member other than yourself");
    for (const other of others) {
      const refusal = addToConversationRefusal(creator, other);
      if (refusal !== null) throw forbidden(refusal);
    }
    const title = input.title ? words.censor(input.title) : null;
    const created = await tx.execute<{ id: number }>(sql`INSERT INTO conversations (title) VALUES (${title}) RETURNING id`);
    const conversationId = created.rows[0]!.id;
    const memberIds = [creator.id, ...others.map((member) => member.id)];
    await tx.execute(sql`
      INSERT INTO conversation_participants (conversation_id, user_id, last_message_id)
      SELECT ${conversationId}, id, 0 FROM unnest(${sql.param(memberIds)}::int[]) WITH ORDINALITY AS m(id, position) ORDER BY position`);
    const messageId = await writeMessage(tx, { conversationId, authorId: creator.id, content: input.content, contentCensored: censoredSource(words, input.content), html, text });
    if (flagged) await raiseWatchedWordFlag(tx, { type: "message", id: messageId, authorId: creator.id }, flagged);
    return conversationId;
  });
}

/** POST /api/conversations/{id}/messages: answers the new message's id (404 unless the author is in it). */
export async function sendMessage(db: Db, authorId: number, conversationId: number, content: string, words: WordMatcher): Promise<number> {
  const flagged = screenWrite(words, content);
  const { html, text } = await renderAsAuthor(db, authorId, content, words);
  return db.transaction(async (tx) => {
    await lockOwnConversation(tx, conversationId, authorId, "share");
    const messageId = await writeMessage(tx, { conversationId, authorId, content, contentCensored: censoredSource(words, content), html, text });
    if (flagged) await raiseWatchedWordFlag(tx, { type: "message", id: messageId, authorId }, flagged);
    return messageId;
  });
}

/** DELETE /api/conversations/{id}/messages/{messageId}: its author empties it in place (its images are released by the trigger). */
export async function deleteMessage(db: Db, member: { id: number }, conversationId: number, messageId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const participation = await tx.execute(sql`SELECT 1 FROM conversation_participants WHERE conversation_id = ${conversationId} AND user_id = ${member.id}`);
    if (participation.rows.length === 0) throw notFound(CONVERSATION_NOT_FOUND);
    const found = await tx.execute<{ author_id: number }>(sql`
      SELECT author_id FROM messages WHERE id = ${messageId} AND conversation_id = ${conversationId} FOR UPDATE`);
    const message = found.rows[0];
    if (!message) throw notFound(MESSAGE_NOT_FOUND);
    if (!canDeleteMessage(member, { authorId: message.author_id })) throw forbidden("You can only delete your own messages");
    await emptyMessage(tx, messageId);
  });
}

/** Empties a message in place (its author's delete, or a review decision); its images are released by the trigger. */
export async function emptyMessage(tx: Pick<Db, "execute">, messageId: number): Promise<void> {
  await tx.execute(sql`UPDATE messages SET deleted = true, content = '', content_censored = NULL, html = '', plain_text = '' WHERE id = ${messageId}`);
}

/**
 * PUT /api/conversations/{id}/read: the read position moves forward to `messageId` (never back, never
 * past the conversation's newest message); answers where it is now. When it moved, the member's
 * other connections hear of it (their unread counts change), as reading a topic tells of the
 * notifications it marked read.
 */
export async function markConversationRead(db: Db, userId: number, conversationId: number, messageId: number): Promise<number> {
  const moved = await db.execute<{ last_read_message_id: number }>(sql`
    WITH moved AS (
      UPDATE conversation_participants SET last_read_message_id = least(${messageId}, last_message_id)
      WHERE conversation_id = ${conversationId} AND user_id = ${userId} AND least(${messageId}, last_message_id) > last_read_message_id
      RETURNING last_read_message_id
    )
    SELECT last_read_message_id, pg_notify(${channels.messages.name}, json_build_object('conversationId', ${conversationId}::int,
      'readerId', ${userId}::int, 'lastReadMessageId', last_read_message_id)::text) FROM moved`);
  if (moved.rows[0]) return moved.rows[0].last_read_message_id;
  const current = await db.execute<{ last_read_message_id: number }>(sql`
    SELECT last_read_message_id FROM conversation_participants WHERE conversation_id = ${conversationId} AND user_id = ${userId}`);
  const row = current.rows[0];
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row.last_read_message_id;
}

/**
 * POST /api/conversations/{id}/participants: any member adds another, up to 10 (409 past it or
 * when already in), 403 when the added member blocked the caller (unless staff). The newcomer sees
 * the history and has read none of it.
 */
export async function addParticipant(db: Db, actor: Actor, conversationId: number, username: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnConversation(tx, conversationId, actor.id);
    const [target] = await findMembersByName(tx, [username], actor.id);
    if (!target) throw notFound(USER_NOT_FOUND);
    const members = await tx.execute<{ user_id: number }>(sql`
      SELECT p.user_id FROM conversation_participants p WHERE p.conversation_id = ${conversationId}`);
    if (members.rows.some((row) => row.user_id === target.id)) throw conflict(`${target.username} is already in this conversation`);
    const refusal = addToConversationRefusal(actor, target);
    if (refusal !== null) throw forbidden(refusal);
    if (!hasRoomForAnother(members.rows.length)) throw conflict(`A conversation has at most ${CONVERSATION_MAX_MEMBERS} members`);
    await tx.execute(sql`
      INSERT INTO conversation_participants (conversation_id, user_id, last_message_id)
      VALUES (${conversationId}, ${target.id}, coalesce((SELECT max(id) FROM messages WHERE conversation_id = ${conversationId}), 0))`);
  });
}

/** DELETE /api/conversations/{id}/participants/me: the caller leaves; the last to leave takes the conversation with them. */
export async function leaveConversation(db: Db, userId: number, conversationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnConversation(tx, conversationId, userId);
    await tx.execute(sql`DELETE FROM conversation_participants WHERE conversation_id = ${conversationId} AND user_id = ${userId}`);
    await tx.execute(sql`
      DELETE FROM conversations c WHERE c.id = ${conversationId}
        AND NOT EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = c.id)`);
  });
}
