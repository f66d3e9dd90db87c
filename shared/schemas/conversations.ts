import { z } from "zod";
import { CONVERSATION_MAX_MEMBERS, CONVERSATION_TITLE_MAX_LENGTH, MESSAGE_CONTENT_MAX_LENGTH, TEXT_LIMITS } from "../constants";
import { atMost, idParamSchema, NOT_BLANK } from "./fields";

/** A member named in a body: any string of a username's length (an unknown one is answered after). */
const usernameField = z
  .string()
  .trim()
  .min(1, "Username required")
  .max(TEXT_LIMITS.usernameMax, atMost("User not found"))
  .meta(NOT_BLANK);

/** A message's text: 1-10,000 characters after trimming. */
const messageContentField = z
  .string()
  .trim()
  .min(1, "Message cannot be empty")
  .max(MESSAGE_CONTENT_MAX_LENGTH, atMost(`Message too long: at most ${MESSAGE_CONTENT_MAX_LENGTH} characters`))
  .meta(NOT_BLANK);

/** POST /api/conversations: the others (1-9, repeats and the caller's own name removed after), a title, the first message. */
export const createConversationSchema = z.strictObject({
  usernames: z
    .array(usernameField)
    .min(1, "Choose at least one member")
    .max(CONVERSATION_MAX_MEMBERS - 1, atMost(`A conversation has at most ${CONVERSATION_MAX_MEMBERS} members`)),
  title: z
    .string()
    .trim()
    .max(CONVERSATION_TITLE_MAX_LENGTH, atMost(`Title too long: at most ${CONVERSATION_TITLE_MAX_LENGTH} characters`))
    .optional(),
  content: messageContentField,
});
export type CreateConversationInput = z.input<typeof createConversationSchema>;
export type CreateConversationData = z.output<typeof createConversationSchema>;

/** POST /api/conversations/{id}/messages. */
export const messageSchema = z.strictObject({ content: messageContentField });
export type MessageInput = z.input<typeof messageSchema>;

/** PUT /api/conversations/{id}/read: how far the caller has read (never moves back). */
export const conversationReadSchema = z.strictObject({ messageId: idParamSchema });
export type ConversationReadInput = z.input<typeof conversationReadSchema>;

/** POST /api/conversations/{id}/participants. */
export const addParticipantSchema = z.strictObject({ username: usernameField });
export type AddParticipantInput = z.input<typeof addParticipantSchema>;

/** GET /api/conversations?cursor=: the previous page's nextCursor. */
export const conversationsQuerySchema = z.object({ cursor: idParamSchema.optional() });

/** GET /api/conversations/{id}/messages?before=: a message id; the page holds the 50 before it. */
export const messagesQuerySchema = z.object({ before: idParamSchema.optional() });
