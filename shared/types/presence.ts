// Messages on /ws, discriminated by `type`.
import type { NotificationMessage, NotificationsReadMessage } from "./notifications";
import type { ConversationReadEvent, MessageEvent } from "./conversations";
import type { ReviewCountMessage } from "./flags";

export interface AuthenticateMessage {
  type: "authenticate";
  /** The server answers from the session and ignores a differing id. */
  userId: number;
}

export type WsClientMessage = AuthenticateMessage;

export interface OnlineUsersMessage {
  type: "online_users";
  users: number[];
}

export interface UserStatusChangeMessage {
  type: "user_status_change";
  userId: number;
  isOnline: boolean;
}

/** A topic was deleted: open views of it say so instead of failing. */
export interface TopicDeletedMessage {
  type: "topic_deleted";
  topicId: number;
}

export type WsServerMessage = OnlineUsersMessage | UserStatusChangeMessage | NotificationMessage | NotificationsReadMessage | TopicDeletedMessage | MessageEvent | ConversationReadEvent | ReviewCountMessage;
