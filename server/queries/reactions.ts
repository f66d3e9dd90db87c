import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Reaction } from "@shared/reactions";
import type { Db } from "../db/client";
import { postReactions, posts, topics, users } from "../db/schema";
import { liveMember } from "./live-member";

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
export async function listReactionCounts(db: Pick<Db, "select">, postIds: number[], readerId: number): Promise<ReactionCounts> {
  if (postIds.length === 0) return NO_REACTIONS;
  const rows = await db
    .select({
      postId: postReactions.postId,
      reaction: postReactions.reaction,
      count: sql<number>`count(*)::int`,
      reacted: sql<boolean>`bool_or(${postReactions.userId} = ${readerId})`,
    })
    .from(postReactions)
    .where(sql`${postReactions.postId} = ANY(${sql.param(postIds)}::int[])`)
    .groupBy(postReactions.postId, postReactions.reaction);
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

/** Who gave which reaction to a post, earliest first (the presenter groups them in the set's order). */
export function listReactors(db: Pick<Db, "select">, postId: number) {
  return db
    .select({ reaction: postReactions.reaction, id: users.id, username: users.username, avatar: users.avatar })
    .from(postReactions)
    .innerJoin(users, and(eq(users.id, postReactions.userId), liveMember))
    .where(eq(postReactions.postId, postId))
    .orderBy(asc(postReactions.createdAt), asc(users.id));
}
