import { and, asc, desc, eq, getTableColumns, gt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { posts, topics, users } from "../db/schema";
import type { PostRow } from "../presenters/post";
import type { TopicRow } from "../presenters/topic";

/**
 * The forum's reads, each one indexed query with the author joined in (no query per row). The list
 * queries return Drizzle builders (awaitable), so the benchmark can EXPLAIN exactly what the API runs.
 */

const activity = sql`coalesce(${topics.lastPostAt}, ${topics.createdAt})`;

const topicsWithAuthor = (db: Db) =>
  db
    .select({ ...getTableColumns(topics), authorUsername: users.username, authorAvatar: users.avatar })
    .from(topics)
    .innerJoin(users, eq(users.id, topics.createdBy));

export async function findTopic(db: Db, id: number): Promise<TopicRow | undefined> {
  const [row] = await topicsWithAuthor(db).where(eq(topics.id, id));
  return row;
}

/**
 * Pinned first, then latest activity, newest first: the order of the topics_list_order_idx index.
 * `after` continues below a topic already shown (keyset), so any page costs the same.
 */
export function listTopics(db: Db, { limit, after }: { limit: number; after?: number }) {
  let below: SQL | undefined;
  if (after !== undefined) {
    const position = sql`(SELECT ${topics.isPinned}, ${activity}, ${topics.id} FROM ${topics} WHERE ${topics.id} = ${after})`;
    below = sql`(${topics.isPinned}, ${activity}, ${topics.id}) < ${position}`;
  }
  return topicsWithAuthor(db)
    .where(below)
    .orderBy(desc(topics.isPinned), desc(activity), desc(topics.id))
    .limit(limit);
}

const postsWithAuthor = (db: Db) =>
  db
    .select({ ...getTableColumns(posts), authorUsername: users.username, authorAvatar: users.avatar, authorPostsCount: users.postsCount })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId));

export async function findPost(db: Db, id: number): Promise<PostRow | undefined> {
  const [row] = await postsWithAuthor(db).where(eq(posts.id, id));
  return row;
}

/** A topic's posts oldest first, from just after `after` (keyset on the (topic_id, id) index). */
export function listTopicPosts(db: Db, topicId: number, { limit, after }: { limit: number; after?: number }) {
  return postsWithAuthor(db)
    .where(and(eq(posts.topicId, topicId), after === undefined ? undefined : gt(posts.id, after)))
    .orderBy(asc(posts.id))
    .limit(limit);
}
