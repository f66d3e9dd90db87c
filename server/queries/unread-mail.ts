import { sql } from "drizzle-orm";
import { DELETED_MEMBER_NAME } from "@shared/member-deletion";
import type { Db } from "../db/client";
import type { UnreadConversation } from "../mail/templates";
import type { NotificationRow } from "../presenters/notification";
import { countUnreadNotifications, listUnreadNotifications, readableNotification } from "./notifications";

type Executor = Pick<Db, "execute">;

/** Notifications a mail lists by name; it counts the rest. */
export const MAIL_NOTIFICATIONS_LISTED = 10;
/** Conversations a mail lists. */
const MAIL_CONVERSATIONS_LISTED = 10;
/** Unread messages counted per conversation (the mail says "50 new messages" at most). */
const MESSAGES_COUNTED = 50;

export interface UnreadForMail {
  notifications: NotificationRow[];
  notificationCount: number;
  conversations: UnreadConversation[];
  /** When the first unread thing newer than `since` arrived: null when there is none. */
  firstNewAt: Date | null;
  /** When the newest unread thing arrived. */
  lastAt: Date | null;
}

const toDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));
const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * What is unread for a member, as an away mail or digest shows it: their unread notifications (on the
 * partial index of unread ones) and the conversations with unread messages from others (on
 * conversation_participants_unread_idx), with when the first of them newer than `since` arrived.
 */
export async function findUnreadForMail(db: Executor, userId: number, since: Date | null): Promise<UnreadForMail> {
  // `since` was a JavaScript Date (milliseconds) taken from these times (microseconds): compared at its precision.
  const after = since ?? new Date(0);
  const times = await db.execute<{ first_new: string | null; last: string | null }>(sql`
    SELECT min(created_at) FILTER (WHERE date_trunc('milliseconds', created_at) > ${after}) AS first_new, max(created_at) AS last
    FROM notifications n WHERE n.user_id = ${userId} AND n.read_at IS NULL AND ${readableNotification}`);
  const conversations = await db.execute<{ id: number; title: string | null; authors: string[]; unread: number; first_new: string | null; last: string }>(sql`
    SELECT c.id, c.title, array_agg(DISTINCT m.username) AS authors, count(*)::int AS unread,
      min(m.created_at) FILTER (WHERE date_trunc('milliseconds', m.created_at) > ${after}) AS first_new, max(m.created_at) AS last
    FROM conversation_participants cp
    JOIN conversations c ON c.id = cp.conversation_id
    CROSS JOIN LATERAL (
      SELECT m.created_at, coalesce(a.username, ${DELETED_MEMBER_NAME}) AS username FROM messages m LEFT JOIN users a ON a.id = m.author_id
      WHERE m.conversation_id = cp.conversation_id AND m.id > cp.last_read_message_id AND m.author_id IS DISTINCT FROM ${userId} AND NOT m.deleted
        AND a.deleted_at IS NULL
      ORDER BY m.id LIMIT ${MESSAGES_COUNTED}) m
    WHERE cp.user_id = ${userId} AND cp.last_message_id > cp.last_read_message_id
    GROUP BY c.id, c.title
    ORDER BY max(m.created_at) DESC
    LIMIT ${MAIL_CONVERSATIONS_LISTED}`);
  const notificationTimes = times.rows[0]!;
  let firstNewAt = toDate(notificationTimes.first_new);
  let lastAt = toDate(notificationTimes.last);
  for (const row of conversations.rows) {
    firstNewAt = earliest(firstNewAt, toDate(row.first_new));
    lastAt = latest(lastAt, toDate(row.last));
  }
  return {
    notifications: notificationTimes.last === null ? [] : await listUnreadNotifications(db, userId, MAIL_NOTIFICATIONS_LISTED),
    notificationCount: notificationTimes.last === null ? 0 : await countUnreadNotifications(db, userId),
    conversations: conversations.rows.map(({ id, title, authors, unread }) => ({ id, title, authors, unread })),
    firstNewAt,
    lastAt,
  };
}
