import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { posts, topicReads } from "../db/schema";
import { notFound } from "../errors";
import { markReadByReading } from "./notify";

/** Anything that can run SQL: the database or a transaction. */
type Executor = Pick<Db, "insert">;

/** Moves the member's read position in a topic forward to `postId`; it never moves back. */
export async function advanceReadPosition(db: Executor, userId: number, topicId: number, postId: number): Promise<number> {
  const [row] = await db
    .insert(topicReads)
    .values({ userId, topicId, lastReadPostId: postId })
    .onConflictDoUpdate({
      target: [topicReads.userId, topicReads.topicId],
      set: { lastReadPostId: sql`greatest(${topicReads.lastReadPostId}, excluded.last_read_post_id)`, updatedAt: sql`now()` },
    })
    .returning({ lastReadPostId: topicReads.lastReadPostId });
  return row!.lastReadPostId;
}

/**
 * PUT /api/topics/{id}/read: the post must be one of the topic's (0: opened, nothing read yet). The
 * notifications the member has now read the posts of are marked read with it, and those about the
 * topic's opener (docs/product.md "The opener is a post"), which any opening of the topic shows.
 */
export async function markTopicRead(db: Db, userId: number, topicId: number, postId: number): Promise<number> {
  if (postId !== 0) {
    const [post] = await db.select({ id: posts.id }).from(posts).where(and(eq(posts.id, postId), eq(posts.topicId, topicId)));
    if (!post) throw notFound("Post not found");
  }
  return db.transaction(async (tx) => {
    const readUpTo = await advanceReadPosition(tx, userId, topicId, postId);
    await markReadByReading(tx, { userId, topicId, readUpTo });
    return readUpTo;
  });
}
