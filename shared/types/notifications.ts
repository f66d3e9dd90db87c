import type { z } from "zod";
import type { notificationSchema, notificationsPageSchema, unreadNotificationsSchema } from "../schemas/answers/messages";

export type NotificationActor = NonNullable<Notification["actor"]>;

/** One notification; fields that do not apply to its type are null (docs/notifications.md). */
export type Notification = z.output<typeof notificationSchema>;

export type NotificationsPage = z.output<typeof notificationsPageSchema>;

export type UnreadNotifications = z.output<typeof unreadNotificationsSchema>;

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
