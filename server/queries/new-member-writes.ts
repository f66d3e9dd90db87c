import { and, count, eq, gte } from "drizzle-orm";
import type { Db } from "../db/client";
import { posts, topics } from "../db/schema";

/**
 * What a member has created since `since` (their joining), counted from the database so the limit
 * holds across server processes (posts_author_id_created_at_idx, topics_created_by_created_at_idx);
 * `db` may be the creating command's transaction.
 */
export async function countCreatedSince(db: Pick<Db, "select">, memberId: number, since: Date) {
  const [[topicRow], [postRow]] = await Promise.all([
    db.select({ count: count() }).from(topics).where(and(eq(topics.createdBy, memberId), gte(topics.createdAt, since))),
    db.select({ count: count() }).from(posts).where(and(eq(posts.authorId, memberId), gte(posts.createdAt, since))),
  ]);
  return { topics: topicRow!.count, posts: postRow!.count };
}
