import type { BadgeType, NotificationType } from "../constants";

export interface NotificationActor {
  id: number;
  username: string;
  avatar: string | null;
}

/** One notification; fields that do not apply to its type are null (docs/notifications.md). */
export interface Notification {
  id: number;
  type: NotificationType;
  createdAt: string;
  readAt: string | null;
  actor: NotificationActor | null;
  topicId: number | null;
  topicTitle: string | null;
  /** The post to open (a reply: the first new post). */
  postId: number | null;
  /** New posts a reply notification stands for, reactions a reaction notification stands for; null for the other kinds. */
  count: number | null;
  badgeType: BadgeType | null;
  /** The profile to open (profile comments, mentions in them, badges, invites used). */
  profileUsername: string | null;
  /** A `moderation` notification: `{targetType}_{action}`, e.g. `post_hide`, `comment_delete` (null for the other kinds). */
  moderationAction: string | null;
}

export interface NotificationsPage {
  notifications: Notification[];
  unreadCount: number;
  nextCursor: string | null;
}

export interface UnreadNotifications {
  unreadCount: number;
}

/** /ws: a new or updated notification, to every connection of its recipient. */
export interface NotificationMessage {
  type: "notification";
  notification: Notification;
  unreadCount: number;
}

/** /ws: some of the recipient's notifications were marked read elsewhere (reading a topic): the new count. */
export interface NotificationsReadMessage {
  type: "notifications_read";
  unreadCount: number;
}
