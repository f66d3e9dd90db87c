import { sql } from "drizzle-orm";
import { NOTIFICATIONS_PAGE_SIZE } from "@shared/constants";
import type { Db } from "../db/client";
import type { NotificationRow } from "../presenters/notification";
import { memberReadsTopic } from "./category-access";

type Executor = Pick<Db, "execute">;

const withNames = sql`
  SELECT n.id, n.type, n.created_at AS "createdAt", n.read_at AS "readAt", n.actor_id AS "actorId",
    a.username AS "actorUsername", a.avatar AS "actorAvatar", n.topic_id AS "topicId", t.title AS "topicTitle",
    n.post_id AS "postId", n.count, n.badge_type AS "badgeType", pu.username AS "profileUsername",
    n.moderation_action AS "moderationAction", n.moderation_reason AS "moderationReason", n.moderation_note AS "moderationNote"
  FROM notifications n
  LEFT JOIN users a ON a.id = n.actor_id
  LEFT JOIN topics t ON t.id = n.topic_id
  LEFT JOIN users pu ON pu.id = n.profile_user_id`;

// A notification about a topic the member may no longer read (a group left, a category closed) is not shown (docs/decisions/063).
export const readableNotification = sql`(n.topic_id IS NULL OR ${memberReadsTopic(sql`n.user_id`, sql`n.topic_id`)})`;

const parse = (row: NotificationRow & Record<string, unknown>): NotificationRow => ({
  ...row,
  createdAt: new Date(row.createdAt),
  readAt: row.readAt === null ? null : new Date(row.readAt),
});

/** A member's notifications, newest first (highest id: a coalesced reply takes a new id), keyset-paged. */
export async function listNotifications(db: Executor, userId: number, before?: number): Promise<NotificationRow[]> {
  const result = await db.execute<NotificationRow & Record<string, unknown>>(sql`${withNames}
    WHERE n.user_id = ${userId} AND ${readableNotification} ${before === undefined ? sql`` : sql`AND n.id < ${before}`}
    ORDER BY n.id DESC LIMIT ${NOTIFICATIONS_PAGE_SIZE + 1}`);
  return result.rows.map(parse);
}

export async function findNotification(db: Executor, userId: number, id: number): Promise<NotificationRow | undefined> {
  const result = await db.execute<NotificationRow & Record<string, unknown>>(sql`${withNames} WHERE n.id = ${id} AND n.user_id = ${userId} AND ${readableNotification}`);
  return result.rows.map(parse)[0];
}

/** Counted on the partial index of unread notifications. */
export async function countUnreadNotifications(db: Executor, userId: number): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM notifications n WHERE n.user_id = ${userId} AND n.read_at IS NULL AND ${readableNotification}`);
  return result.rows[0]!.count;
}

/** A member's newest unread notifications, for a mail that lists them. */
export async function listUnreadNotifications(db: Executor, userId: number, limit: number): Promise<NotificationRow[]> {
  const result = await db.execute<NotificationRow & Record<string, unknown>>(sql`${withNames}
    WHERE n.user_id = ${userId} AND n.read_at IS NULL AND ${readableNotification} ORDER BY n.id DESC LIMIT ${limit}`);
  return result.rows.map(parse);
}
