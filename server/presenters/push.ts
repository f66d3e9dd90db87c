import type { PushPayload } from "@shared/types";
import { notificationHref, notificationText } from "@shared/notification-text";
import type { PushedMessageRow } from "../queries/push";
import { presentNotification, type NotificationRow } from "./notification";

/** What a push's text is cut to: a notification banner shows a few lines. */
const PUSH_BODY_MAX = 200;

const excerpt = (text: string) => (text.length > PUSH_BODY_MAX ? `${text.slice(0, PUSH_BODY_MAX - 1)}…` : text);

/** A notification as a push: the site's name over what the bell says, opening where the bell's item opens. */
export function presentNotificationPush(row: NotificationRow, siteName: string): PushPayload {
  const notification = presentNotification(row);
  return { title: siteName, body: notificationText(notification), url: notificationHref(notification) };
}

/** A private message as a push: who wrote (and where), the start of its text, its conversation. */
export function presentMessagePush(row: PushedMessageRow): PushPayload {
  return {
    title: row.conversationTitle ? `${row.authorUsername} in ${row.conversationTitle}` : `Message from ${row.authorUsername}`,
    body: excerpt(row.plainText),
    url: `/messages/${row.conversationId}`,
  };
}
