import { sql } from "drizzle-orm";
import { notBeingDeleted } from "./live-member";
import { memberReadsTopic } from "./category-access";
import type { Db } from "../db/client";

export interface TopicLevelRow {
  topicId: number;
  title: string;
  level: "watching" | "muted";
}

/**
 * A member's watched and muted topics by topic id, after `after` (keyset on
 * topic_notification_levels_user_id_topic_id_idx), `limit + 1` rows to tell whether more follow.
 * A deleted member's topics are left out like everywhere else.
 */
export async function listTopicLevels(db: Pick<Db, "execute">, userId: number, after: number | undefined, limit: number): Promise<TopicLevelRow[]> {
  const result = await db.execute<TopicLevelRow & Record<string, unknown>>(sql`
    SELECT l.topic_id AS "topicId", t.title, l.level
    FROM topic_notification_levels l
    JOIN topics t ON t.id = l.topic_id AND ${notBeingDeleted(sql`t.created_by`)} AND ${memberReadsTopic(sql`l.user_id`, sql`t.id`)}
    WHERE l.user_id = ${userId} ${after === undefined ? sql`` : sql`AND l.topic_id > ${after}`}
    ORDER BY l.topic_id
    LIMIT ${limit + 1}`);
  return result.rows;
}
