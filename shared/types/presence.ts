// Messages on /ws, discriminated by `type`.
import type { NotificationMessage, NotificationsReadMessage } from "./notifications";
import type { ConversationReadEvent, MessageEvent } from "./conversations";
import type { ReviewCountMessage } from "./flags";

import type { TopicEventName } from "../constants";

export type { AuthenticateMessage, WsClientMessage } from "../schemas/presence";

export interface OnlineUsersMessage {
  type: "online_users";
  users: number[];
}

export interface UserStatusChangeMessage {
  type: "user_status_change";
  userId: number;
  isOnline: boolean;
}

/**
 * Something changed in a topic the socket follows (or, for topic_created and topic_bumped, in the
 * list): ids only, the client asks for what it may see. `lastPostNumber`: the topic's last post's
 * number after the change.
 */
export interface TopicEventMessage {
  type: "topic_event";
  topicId: number;
  event: TopicEventName;
  postId?: number;
  lastPostNumber: number;
}

/** A member is writing a reply in a topic the socket follows. */
export interface TypingNoticeMessage {
  type: "typing";
  topicId: number;
  username: string;
}

/** A message the server would not act on, and why (the socket stays open). */
export interface WsErrorMessage {
  type: "error";
  message: string;
}

export type WsServerMessage = WsErrorMessage | OnlineUsersMessage | UserStatusChangeMessage | NotificationMessage | NotificationsReadMessage | TopicEventMessage | TypingNoticeMessage | MessageEvent | ConversationReadEvent | ReviewCountMessage;
