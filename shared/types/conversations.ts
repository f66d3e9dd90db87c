import type { Role } from "../roles";

/** docs/product.md "Private messages and blocking": the answers of /api/conversations and /api/blocks, and the /ws event. */

export interface ConversationMember {
  id: number;
  username: string;
  avatar: string | null;
  /** Staff are marked next to their name (docs/product.md "Moderation by the community"). */
  role: Role;
}

/** The newest message of a conversation, as the list shows it (`excerpt`: plain text, "" for a deleted one). */
export interface ConversationLastMessage {
  id: number;
  authorUsername: string;
  excerpt: string;
  createdAt: string;
}

/** One conversation, the same in the list, GET /api/conversations/{id} and the 201 of creating one. */
export interface Conversation {
  id: number;
  title: string | null;
  /** Its current members, the caller included, in the order they joined. */
  participants: ConversationMember[];
  /** null only when no message is left (its only writers were deleted members). */
  lastMessage: ConversationLastMessage | null;
  /** Messages by others after the caller's read position (deleted ones aside), up to MESSAGE_UNREAD_COUNT_CAP. */
  unreadCount: number;
  /** The latest activity: the newest message's time (the conversation's own when it has none). */
  updatedAt: string;
}

export interface ConversationsPage {
  conversations: Conversation[];
  /** Conversations of the caller with unread messages: the navigation's count. */
  unreadCount: number;
  nextCursor: string | null;
}

export interface Message {
  id: number;
  author: ConversationMember;
  /** The Markdown source; "" once deleted. */
  content: string;
  /** The server's rendering: the only member-written HTML the client inserts; "" once deleted. */
  html: string;
  createdAt: string;
  deleted: boolean;
}

export interface MessagesPage {
  /** Oldest first within the page. */
  messages: Message[];
  /** Older messages exist before the first one (ask with `before` = its id). */
  hasMore: boolean;
}

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

export interface BlockedMember {
  id: number;
  username: string;
  avatar: string | null;
}

export interface BlocksList {
  blocks: BlockedMember[];
}

/** PUT /api/conversations/{id}/read: the caller's read position now (it never moves back). */
export interface ConversationReadPosition {
  lastReadMessageId: number;
}
