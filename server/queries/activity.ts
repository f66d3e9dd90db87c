import { sql } from "drizzle-orm";
import { ACTIVITY_DAYS, ACTIVITY_LIMIT } from "@shared/constants";
import type { ActivityType } from "@shared/types";
import type { Db } from "../db/client";
import { notHidden } from "./hidden";

// The client shows 60 characters; a little more is sent, never whole 10,000-character posts.
const EXCERPT = 120;

/** `content`: an excerpt; of a post, its plain text (its source until the Markdown backfill reaches it); of a comment, its source (the presenter takes the marks out). */
export type ActivityRow = {
  type: ActivityType;
  id: number;
  created_at: Date;
  content: string | null;
  /** A post or comment hidden by flags (its excerpt is for its author and staff only). */
  hidden: boolean;
  title: string | null;
  topic_title: string | null;
  target_user: string | null;
};

/**
 * A member's posts, topics and profile comments of the last days, newest first. Each branch walks
 * its (author, created_at) index and stops at the limit.
 */
export async function recentActivity(db: Db, userId: number): Promise<ActivityRow[]> {
  const since = sql`now() - make_interval(days => ${ACTIVITY_DAYS})`;
  const result = await db.execute<ActivityRow>(sql`
    (SELECT 'post' AS type, p.id, p.created_at, left(coalesce(p.plain_text, p.content), ${EXCERPT}) AS content, NOT ${notHidden(sql`p.hidden_at`)} AS hidden, NULL AS title, t.title AS topic_title, NULL AS target_user
       FROM posts p JOIN topics t ON t.id = p.topic_id
      WHERE p.author_id = ${userId} AND p.created_at > ${since}
      ORDER BY p.created_at DESC LIMIT ${ACTIVITY_LIMIT})
    UNION ALL
    (SELECT 'topic', t.id, t.created_at, left(t.description, ${EXCERPT}), false, t.title, NULL, NULL
       FROM topics t
      WHERE t.created_by = ${userId} AND t.created_at > ${since}
      ORDER BY t.created_at DESC LIMIT ${ACTIVITY_LIMIT})
    UNION ALL
    (SELECT 'profile_comment', c.id, c.created_at, left(c.content, ${EXCERPT}), NOT ${notHidden(sql`c.hidden_at`)}, NULL, NULL, u.username
       FROM profile_comments c JOIN users u ON u.id = c.profile_user_id
      WHERE c.author_id = ${userId} AND c.created_at > ${since}
      ORDER BY c.created_at DESC LIMIT ${ACTIVITY_LIMIT})
    ORDER BY created_at DESC, id DESC
    LIMIT ${ACTIVITY_LIMIT}`);
  return result.rows;
}
