import type { z } from "zod";
import type { blocksListSchema, conversationMemberSchema, conversationReadPositionSchema, conversationSchema, conversationsPageSchema, messagesPageSchema, privateMessageSchema } from "../schemas/answers/messages";

/** docs/product.md "Private messages and blocking": the answers of /api/conversations and /api/blocks, and the /ws event. */

export type ConversationMember = z.output<typeof conversationMemberSchema>;

/** The newest message of a conversation, as the list shows it (`excerpt`: plain text, "" for a deleted one). */
export type ConversationLastMessage = NonNullable<Conversation["lastMessage"]>;

/** One conversation, the same in the list, GET /api/conversations/{id} and the 201 of creating one. */
export type Conversation = z.output<typeof conversationSchema>;

export type ConversationsPage = z.output<typeof conversationsPageSchema>;

export type Message = z.output<typeof privateMessageSchema>;

export type MessagesPage = z.output<typeof messagesPageSchema>;

/** /ws: a new message, to every open connection of every participant (the sender's too). */
export interface MessageEvent {
  type: "message";
  conversationId: number;
  message: Message;
}

/** /ws: the member read a conversation up to `lastReadMessageId` (on this device or another), to all of their connections. */
export interface ConversationReadEvent {
  type: "conversation_read";
  conversationId: number;
  lastReadMessageId: number;
}

export type BlockedMember = BlocksList["blocks"][number];

export type BlocksList = z.output<typeof blocksListSchema>;

/** PUT /api/conversations/{id}/read: the caller's read position now (it never moves back). */
export type ConversationReadPosition = z.output<typeof conversationReadPositionSchema>;
