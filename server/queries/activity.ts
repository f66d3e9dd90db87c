import { sql, type SQL } from "drizzle-orm";
import type { ReadableScope } from "../policies/category-access";
import { readableCategory, scopeValues } from "./category-access";
import { ACTIVITY_PAGE_SIZE, type ActivityFilter } from "@shared/constants";
import type { ActivityType } from "@shared/types";
import type { Db } from "../db/client";
import { notHidden } from "./hidden";

// The client shows 60 characters; a little more is sent, never whole 10,000-character posts.
const EXCERPT = 120;

/** `content`: an excerpt; of a post, its plain text (its source until the Markdown backfill reaches it); of a comment, its source (censored words as ■■■; the presenter takes the marks out). */
export type ActivityRow = {
  type: ActivityType;
  id: number;
  created_at: Date;
  /** `created_at` in microseconds since 1970, exact (a Date keeps milliseconds): the cursor's time. */
  micros: string;
  content: string | null;
  /** A post or comment hidden by flags (its excerpt is for its author and staff only). */
  hidden: boolean;
  title: string | null;
  topic_title: string | null;
  target_user: string | null;
};

/**
 * The order of items of one time: topics, then comments, then posts (a topic and its first post are
 * written at once), then by id. Kinds are numbered in the cursor.
 */
const KIND_RANK: Record<ActivityType, number> = { post: 1, profile_comment: 2, topic: 3 };
const KIND_OF_RANK = Object.fromEntries(Object.entries(KIND_RANK).map(([kind, rank]) => [rank, kind])) as Record<number, ActivityType>;

/** Where a page ended: its last item's time (µs), kind and id. */
export interface ActivityCursor {
  micros: bigint;
  type: ActivityType;
  id: number;
}

/** `{micros}-{rank}-{id}` (shared/schemas/activity.ts checks its shape). */
export const activityCursorOf = (row: Pick<ActivityRow, "micros" | "type" | "id">) => `${row.micros}-${KIND_RANK[row.type]}-${row.id}`;
export function parseActivityCursor(cursor: string): ActivityCursor {
  const [micros, rank, id] = cursor.split("-");
  return { micros: BigInt(micros!), type: KIND_OF_RANK[Number(rank)]!, id: Number(id) };
}

const BRANCHES: Record<Exclude<ActivityFilter, "all">, ActivityType> = { posts: "post", topics: "topic", comments: "profile_comment" };

/**
 * Whether a branch's row of kind `type` comes after the cursor in the order (time desc, kind rank
 * desc, id desc): as one range of the branch's (author, created_at) index, with the id deciding only
 * among the cursor's own time and kind.
 */
function afterCursor(type: ActivityType, createdAt: SQL, id: SQL, cursor: ActivityCursor | undefined): SQL {
  if (!cursor) return sql`true`;
  const time = sql`(timestamptz 'epoch' + ${cursor.micros.toString()}::bigint * interval '1 microsecond')`;
  const [rank, cursorRank] = [KIND_RANK[type], KIND_RANK[cursor.type]];
  if (rank < cursorRank) return sql`${createdAt} <= ${time}`;
  if (rank > cursorRank) return sql`${createdAt} < ${time}`;
  return sql`(${createdAt} < ${time} OR (${createdAt} = ${time} AND ${id} < ${cursor.id}))`;
}

const micros = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/**
 * One page of a member's posts, topics and profile comments of all time, newest first, and one item
 * more to tell whether another page follows (docs/product.md "Profile (`/user/{username}`)"). Each
 * branch walks its (author, created_at) index backwards from the cursor and stops at the page's
 * size, so a page costs the same however long the history: at most 3 × 21 index entries.
 * Deleted things are gone (rows are deleted; a post in a deleted member's topic, a comment on a
 * deleted member's profile at once, as everywhere); hidden ones come marked for the presenter.
 */
export async function listActivity(db: Db, userId: number, options: ActivityOptions): Promise<ActivityRow[]> {
  return (await db.execute<ActivityRow>(activityQuery(userId, options))).rows;
}

export interface ActivityOptions {
  type: ActivityFilter;
  cursor?: ActivityCursor;
  /** What the reader may read: posts and topics in other categories are not shown (docs/decisions/063). */
  scope: ReadableScope;
}

/** listActivity's statement (its plan is tested: users.test.ts). */
export function activityQuery(userId: number, options: ActivityOptions): SQL {
  const { type, cursor, scope } = options;
  const readable = readableCategory(sql`t.category_id`, scopeValues(scope));
  const limit = ACTIVITY_PAGE_SIZE + 1;
  const wanted = (kind: ActivityType) => type === "all" || BRANCHES[type] === kind;
  const branches: SQL[] = [];
  if (wanted("post")) {
    branches.push(sql`(SELECT 'post' AS type, p.id, p.created_at, ${micros(sql`p.created_at`)} AS micros, left(coalesce(p.plain_text, p.content), ${EXCERPT}) AS content,
         NOT ${notHidden(sql`p.hidden_at`)} AS hidden, NULL AS title, t.title AS topic_title, NULL AS target_user
       FROM posts p JOIN topics t ON t.id = p.topic_id JOIN users starter ON starter.id = t.created_by AND starter.deleted_at IS NULL
      WHERE p.author_id = ${userId} AND ${afterCursor("post", sql`p.created_at`, sql`p.id`, cursor)} AND ${readable}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit})`);
  }
  if (wanted("topic")) {
    branches.push(sql`(SELECT 'topic' AS type, t.id, t.created_at, ${micros(sql`t.created_at`)} AS micros, left(coalesce(t.description_text, t.description), ${EXCERPT}) AS content,
         NOT ${notHidden(sql`t.hidden_at`)} AS hidden, t.title, NULL AS topic_title, NULL AS target_user
       FROM topics t
      WHERE t.created_by = ${userId} AND ${afterCursor("topic", sql`t.created_at`, sql`t.id`, cursor)} AND ${readable}
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit})`);
  }
  if (wanted("profile_comment")) {
    branches.push(sql`(SELECT 'profile_comment' AS type, c.id, c.created_at, ${micros(sql`c.created_at`)} AS micros, left(coalesce(c.content_censored, c.content), ${EXCERPT}) AS content,
         NOT ${notHidden(sql`c.hidden_at`)} AS hidden, NULL AS title, NULL AS topic_title, u.username AS target_user
       FROM profile_comments c JOIN users u ON u.id = c.profile_user_id AND u.deleted_at IS NULL
      WHERE c.author_id = ${userId} AND ${afterCursor("profile_comment", sql`c.created_at`, sql`c.id`, cursor)}
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit})`);
  }
  const rank = sql`CASE type WHEN 'topic' THEN 3 WHEN 'profile_comment' THEN 2 ELSE 1 END`;
  return sql`
    SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) items
    ORDER BY created_at DESC, ${rank} DESC, id DESC
    LIMIT ${limit}`;
}
