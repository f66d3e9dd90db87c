import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Reaction } from "@shared/reactions";
import type { Db } from "../db/client";
import { postReactions, posts, topicReactions, topics, users } from "../db/schema";
import { liveMember } from "./live-member";

/**
 * What takes reactions: a post, or a topic's opener (docs/product.md "The opener is a post"). Each
 * has its table of the same shape, keyed by the post or the topic.
 */
export type ReactionTargetKind = "post" | "topic";
export interface ReactionTarget {
  kind: ReactionTargetKind;
  id: number;
}

/** The reactions table of a kind, and its column naming the post or topic. */
export const reactionTables = {
  post: { table: postReactions, targetId: postReactions.postId },
  topic: { table: topicReactions, targetId: topicReactions.topicId },
} as const;

/** One reaction's count on one post, and whether the reader gave it. */
export interface ReactionCount {
  reaction: Reaction;
  count: number;
  reacted: boolean;
}

/** The reactions of a page's posts, by post id; a post with none is absent. */
export type ReactionCounts = ReadonlyMap<number, ReactionCount[]>;

export const NO_REACTIONS: ReactionCounts = new Map();

/**
 * The counts of every reaction on these posts and which of them the reader gave, in one statement:
 * one range of the post_reactions key per post (an index-only scan, already in (post, reaction)
 * order for the grouping), whatever the page's size (docs/decisions/025-reactions.md).
 */
export async function listReactionCounts(db: Pick<Db, "select">, postIds: number[], readerId: number, kind: ReactionTargetKind = "post"): Promise<ReactionCounts> {
  if (postIds.length === 0) return NO_REACTIONS;
  const { table, targetId } = reactionTables[kind];
  const rows = await db
    .select({
      postId: targetId,
      reaction: table.reaction,
      count: sql<number>`count(*)::int`,
      reacted: sql<boolean>`bool_or(${table.userId} = ${readerId})`,
    })
    .from(table)
    .where(sql`${targetId} = ANY(${sql.param(postIds)}::int[])`)
    .groupBy(targetId, table.reaction);
  const counts = new Map<number, ReactionCount[]>();
  for (const { postId, reaction, count, reacted } of rows) {
    const list = counts.get(postId) ?? [];
    list.push({ reaction: reaction as Reaction, count, reacted });
    counts.set(postId, list);
  }
  return counts;
}

const starter = alias(users, "starter");

/**
 * A post the reader can see, as a reaction names it: its author and its topic's starter still
 * members (a deleted member's posts and topics are gone for readers at once). Under `FOR KEY SHARE`
 * inside a command's transaction, so the post cannot be deleted before the reaction is stored.
 */
export async function findVisiblePost(db: Pick<Db, "select">, postId: number, { lock = false } = {}) {
  const query = db
    .select({ id: posts.id, topicId: posts.topicId, authorId: posts.authorId })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .innerJoin(topics, eq(topics.id, posts.topicId))
    .leftJoin(starter, eq(starter.id, topics.createdBy))
    // Not while its author or starter is being deleted; one that outlived them (null) stays.
    .where(and(eq(posts.id, postId), liveMember, isNull(starter.deletedAt)));
  const [post] = await (lock ? query.for("key share", { of: posts }) : query);
  return post;
}

/**
 * A topic whose opener the reader can see, as a reaction names it: its starter still a member. Under
 * `FOR KEY SHARE` like findVisiblePost. `topicId` is its own id, so a post and an opener read alike.
 */
export async function findVisibleTopic(db: Pick<Db, "select">, topicId: number, { lock = false } = {}) {
  const query = db
    .select({ id: topics.id, topicId: topics.id, authorId: topics.createdBy })
    .from(topics)
    .innerJoin(users, and(eq(users.id, topics.createdBy), liveMember))
    .where(eq(topics.id, topicId));
  const [topic] = await (lock ? query.for("key share", { of: topics }) : query);
  return topic;
}

/** The post or opener a reaction names, as findVisiblePost and findVisibleTopic read it. */
export const findReactionTarget = (db: Pick<Db, "select">, target: ReactionTarget, options: { lock?: boolean } = {}) =>
  target.kind === "post" ? findVisiblePost(db, target.id, options) : findVisibleTopic(db, target.id, options);

/** Who gave which reaction to a post or opener, earliest first (the presenter groups them in the set's order). */
export function listReactors(db: Pick<Db, "select">, target: ReactionTarget) {
  const { table, targetId } = reactionTables[target.kind];
  return db
    .select({ reaction: table.reaction, id: users.id, username: users.username, avatar: users.avatar })
    .from(table)
    .innerJoin(users, and(eq(users.id, table.userId), liveMember))
    .where(eq(targetId, target.id))
    .orderBy(asc(table.createdAt), asc(users.id));
}
