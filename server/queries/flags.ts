import { sql } from "drizzle-orm";
import { FLAGS_PER_DAY, REVIEW_PAGE_SIZE, type FlagTargetType, type ReviewStatus } from "@shared/flags";
import type { Db } from "../db/client";
import { findPublicCard } from "./bio-cards";
import { notBeingDeleted } from "./live-member";

type Executor = Pick<Db, "execute">;

/** A flaggable thing as the flag command needs it: whose it is, and where a post lives (its topic's cache). */
export interface FlagTarget {
  type: FlagTargetType;
  id: number;
  authorId: number | null;
  topicId: number | null;
}

/**
 * The target as `viewerId` can see it, or undefined (404): a post of a live author in a topic still
 * there, a topic's opener (a topic of a live starter), a profile comment of live members, a message of a conversation they are in (not deleted),
 * a public card (`key` is then its owner's username).
 */
export async function findFlagTarget(db: Db, viewerId: number, type: FlagTargetType, key: number | string): Promise<FlagTarget | undefined> {
  if (type === "card") {
    if (typeof key !== "string") return undefined;
    const found = await findPublicCard(db, key);
    return found && { type, id: found.owner.id, authorId: found.owner.id, topicId: null };
  }
  if (typeof key !== "number") return undefined;
  const statement = {
    // Nothing of a member being deleted; what outlived its author (author null) may be flagged.
    post: sql`SELECT p.author_id, p.topic_id FROM posts p
      JOIN topics t ON t.id = p.topic_id
      WHERE p.id = ${key} AND ${notBeingDeleted(sql`p.author_id`)} AND ${notBeingDeleted(sql`t.created_by`)}`,
    comment: sql`SELECT c.author_id, NULL AS topic_id FROM profile_comments c
      JOIN users o ON o.id = c.profile_user_id AND o.deleted_at IS NULL
      WHERE c.id = ${key} AND ${notBeingDeleted(sql`c.author_id`)}`,
    // A topic's opener, unless its starter is being deleted.
    topic: sql`SELECT t.created_by AS author_id, t.id AS topic_id FROM topics t
      WHERE t.id = ${key} AND ${notBeingDeleted(sql`t.created_by`)}`,
    message: sql`SELECT m.author_id, NULL AS topic_id FROM messages m
      JOIN conversation_participants cp ON cp.conversation_id = m.conversation_id AND cp.user_id = ${viewerId}
      WHERE m.id = ${key} AND NOT m.deleted AND ${notBeingDeleted(sql`m.author_id`)}`,
  }[type];
  const result = await db.execute<{ author_id: number | null; topic_id: number | null }>(statement);
  const row = result.rows[0];
  return row && { type, id: key, authorId: row.author_id, topicId: row.topic_id };
}

/** Which of these targets `viewerId` has an open flag on (their item still pending): `viewerFlagged`. */
export async function findViewerFlagged(db: Executor, viewerId: number, type: FlagTargetType, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute<{ target_id: number }>(sql`
    SELECT r.target_id FROM review_items r JOIN flags f ON f.review_item_id = r.id AND f.flagger_id = ${viewerId}
    WHERE r.status = 'pending' AND r.target_type = ${type} AND r.target_id = ANY(${sql.param([...ids])}::int[])`);
  return new Set(result.rows.map((row) => row.target_id));
}

/** Whether a post, comment, card or opener is hidden now (messages have no hidden state). */
export async function isHidden(db: Executor, target: { type: FlagTargetType; id: number }): Promise<boolean> {
  const table = { post: "posts", comment: "profile_comments", topic: "topics", card: "bio_cards", message: null }[target.type];
  if (table === null) return false;
  const key = target.type === "card" ? "user_id" : "id";
  const result = await db.execute<{ hidden: boolean }>(sql`SELECT hidden_at IS NOT NULL AS hidden FROM ${sql.identifier(table)} WHERE ${sql.identifier(key)} = ${target.id}`);
  return result.rows[0]?.hidden ?? false;
}

/** The member whose profile a comment is on. */
export async function findCommentProfile(db: Executor, commentId: number): Promise<number | undefined> {
  const result = await db.execute<{ profile_user_id: number }>(sql`SELECT profile_user_id FROM profile_comments WHERE id = ${commentId}`);
  return result.rows[0]?.profile_user_id;
}

/** The member's flags of the last 24 hours past the daily limit: seconds until the oldest that counts is a day old, or null under it. */
export async function flagLimitWait(db: Executor, flaggerId: number): Promise<number | null> {
  const result = await db.execute<{ count: number; wait: number | null }>(sql`
    SELECT count(*)::int AS count, extract(epoch FROM min(created_at) + interval '1 day' - now())::float AS wait
    FROM (SELECT created_at FROM flags WHERE flagger_id = ${flaggerId} AND created_at > now() - interval '1 day'
          ORDER BY created_at DESC LIMIT ${FLAGS_PER_DAY}) recent`);
  const { count, wait } = result.rows[0]!;
  return count >= FLAGS_PER_DAY ? Math.max(1, wait ?? 1) : null;
}

export async function countPendingReviews(db: Executor): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM review_items WHERE status = 'pending'`);
  return result.rows[0]!.count;
}

export interface ReviewItemRow {
  id: number;
  target_type: FlagTargetType;
  target_id: number;
  author_id: number | null;
  author_username: string | null;
  status: ReviewStatus;
  action: "hide" | "delete" | "keep" | null;
  note: string | null;
  created_at: string;
  resolved_at: string | null;
  /** What the target shows staff now; null once it is gone. */
  target: { excerpt: string; topicId?: number; profileUsername?: string; profileUserId?: number } | null;
  flags: { reason: string; note: string | null; byUsername: string | null; createdAt: string }[];
}

/** Staff read hidden text: the excerpt is the target's own (plain) text. */
const EXCERPT = 200;

/** What a card shows as text: its name, then its own description or else the profile's bio (shared/bio-card/card-model.ts). */
const cardExcerpt = sql`concat_ws(': ', nullif(btrim(b.display_name), ''), coalesce(nullif(btrim(b.bio_text), ''), nullif(btrim(u.bio), '')))`;

const itemColumns = sql`
  r.id, r.target_type, r.target_id, r.author_id, au.username AS author_username, r.status, r.action, r.note,
  r.created_at, r.resolved_at,
  CASE r.target_type
    WHEN 'post' THEN (SELECT json_build_object('excerpt', left(coalesce(p.plain_text, p.content), ${EXCERPT}), 'topicId', p.topic_id) FROM posts p WHERE p.id = r.target_id)
    WHEN 'comment' THEN (SELECT json_build_object('excerpt', left(c.content, ${EXCERPT}), 'profileUsername', pu.username, 'profileUserId', pu.id)
      FROM profile_comments c JOIN users pu ON pu.id = c.profile_user_id WHERE c.id = r.target_id)
    WHEN 'message' THEN (SELECT json_build_object('excerpt', left(m.plain_text, ${EXCERPT})) FROM messages m WHERE m.id = r.target_id AND NOT m.deleted)
    WHEN 'topic' THEN (SELECT json_build_object('excerpt', left(coalesce(t.description_text, t.description, ''), ${EXCERPT}), 'topicId', t.id) FROM topics t WHERE t.id = r.target_id)
    WHEN 'card' THEN (SELECT json_build_object('excerpt', left(${cardExcerpt}, ${EXCERPT})) FROM bio_cards b JOIN users u ON u.id = b.user_id WHERE b.user_id = r.target_id)
  END AS target,
  coalesce((SELECT json_agg(json_build_object('reason', f.reason, 'note', f.note, 'byUsername', fu.username, 'createdAt', f.created_at) ORDER BY f.id)
    FROM flags f LEFT JOIN users fu ON fu.id = f.flagger_id WHERE f.review_item_id = r.id), '[]'::json) AS flags`;

/**
 * A page of the queue: pending items oldest first (the order they came in, by id), resolved ones
 * most recently resolved first; `after` continues below an item already shown (keyset).
 */
export async function listReviewItems(db: Executor, status: ReviewStatus, after?: number): Promise<ReviewItemRow[]> {
  const below =
    after === undefined
      ? sql``
      : status === "pending"
        ? sql`AND r.id > ${after}`
        : sql`AND (r.resolved_at, r.id) < (SELECT resolved_at, id FROM review_items WHERE id = ${after})`;
  const order = status === "pending" ? sql`r.id ASC` : sql`r.resolved_at DESC, r.id DESC`;
  const result = await db.execute<ReviewItemRow & Record<string, unknown>>(sql`
    SELECT ${itemColumns} FROM review_items r LEFT JOIN users au ON au.id = r.author_id
    WHERE r.status = ${status} ${below} ORDER BY ${order} LIMIT ${REVIEW_PAGE_SIZE + 1}`);
  return result.rows;
}

export async function findReviewItem(db: Executor, id: number): Promise<ReviewItemRow | undefined> {
  const result = await db.execute<ReviewItemRow & Record<string, unknown>>(sql`
    SELECT ${itemColumns} FROM review_items r LEFT JOIN users au ON au.id = r.author_id WHERE r.id = ${id}`);
  return result.rows[0];
}
