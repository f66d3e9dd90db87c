import { count, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { posts, topics, users } from "../db/schema";
import { forbidden, notFound } from "../errors";
import { authorize } from "../policies/authorize";
import { canDeletePost, canEditPost, canReply } from "../policies/forum";
import { addTopicStarter, notifyEditedPost, notifyNewPost, withdrawPostNotifications } from "./notify";
import { findPost } from "../queries/forum";
import { findMentionedMembers } from "../queries/mentions";
import { advanceReadPosition } from "./read-position";
import { holdTopicCategories } from "./categories";

/**
 * Forum writes that touch counters. Each runs in one transaction and locks the topic row first, so
 * concurrent posting and deleting in a topic take turns and postsCount / lastPostAt stay exact.
 * Lock order is always topic, then post, then users, so these cannot deadlock each other.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Actor = { id: number; isAdmin: boolean };

/** NOTIFY channel of deleted topics (payload `{"topicId":n}`), passed on over /ws to open views of them. */
export const TOPICS_CHANNEL = "topics";

const TOPIC_NOT_FOUND = "Topic not found";
const POST_NOT_FOUND = "Post not found";

async function lockTopic(tx: Tx, topicId: number) {
  const [topic] = await tx.select().from(topics).where(eq(topics.id, topicId)).for("update");
  if (!topic) throw notFound(TOPIC_NOT_FOUND);
  return topic;
}

/** The newest remaining post's time, read from the end of the (topic_id, id) index. */
const newestPostAt = (topicId: number) =>
  sql`(SELECT ${posts.createdAt} FROM ${posts} WHERE ${posts.topicId} = ${topicId} ORDER BY ${posts.id} DESC LIMIT 1)`;

/**
 * A new topic, already "read" by its author (it is not new to them), who will hear of replies. Its
 * category must exist (400); the triggers count it there and under each of its tags.
 */
export function createTopic(db: Db, input: { title: string; description: string | null; createdBy: number; categoryId: number; tags: string[] }) {
  return db.transaction(async (tx) => {
    await holdTopicCategories(tx, input.categoryId);
    const [topic] = await tx.insert(topics).values(input).returning({ id: topics.id });
    await advanceReadPosition(tx, input.createdBy, topic!.id, 0);
    await addTopicStarter(tx, topic!.id, input.createdBy);
    return topic!;
  });
}

export function createPost(db: Db, input: { topicId: number; authorId: number; content: string }) {
  return db.transaction(async (tx) => {
    const topic = await lockTopic(tx, input.topicId);
    if (!canReply(topic)) throw forbidden("Topic is locked");
    // Stamped after the topic lock (not at transaction start), so within a topic a later post
    // always has a later time and lastPostAt is simply the newest post's time.
    const now = sql`clock_timestamp()`;
    const [post] = await tx.insert(posts).values({ ...input, createdAt: now, updatedAt: now }).returning();
    await tx
      .update(topics)
      // Read back in SQL: the returned Date keeps milliseconds, the column keeps microseconds.
      .set({ postsCount: sql`${topics.postsCount} + 1`, lastPostAt: sql`(SELECT ${posts.createdAt} FROM ${posts} WHERE ${posts.id} = ${post!.id})` })
      .where(eq(topics.id, topic.id));
    await tx.update(users).set({ postsCount: sql`${users.postsCount} + 1` }).where(eq(users.id, input.authorId));
    // The author has read their own post.
    await advanceReadPosition(tx, input.authorId, topic.id, post!.id);
    await notifyNewPost(tx, post!);
    // Read for the answer in the same transaction: once committed, the post is answered 201 even if
    // the pool is busy or the database goes away right after (no stored post answered 503).
    // The members it names, for the answer's mention links, likewise.
    return { post: (await findPost(tx, post!.id))!, mentioned: await findMentionedMembers(tx, [post!.content]) };
  });
}

/** Its author's new text for a post; members it newly names are told (read under the row lock, so two edits cannot both tell them). */
export function editPost(db: Db, actor: Actor, postId: number, content: string) {
  return db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for("update");
    if (!post) throw notFound(POST_NOT_FOUND);
    authorize(canEditPost(actor, post), "You can only edit your own posts");
    await tx.update(posts).set({ content, isEdited: true }).where(eq(posts.id, postId));
    await notifyEditedPost(tx, { ...post, content }, post.content);
  });
}

export function deletePost(db: Db, actor: Actor, postId: number) {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ topicId: posts.topicId }).from(posts).where(eq(posts.id, postId));
    if (!target) throw notFound(POST_NOT_FOUND);
    await lockTopic(tx, target.topicId);
    // Read again under the topic lock: a concurrent delete may have won.
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for("update");
    if (!post) throw notFound(POST_NOT_FOUND);
    authorize(canDeletePost(actor, post), "You can only delete your own posts");
    await withdrawPostNotifications(tx, { postId: post.id });
    await tx.delete(posts).where(eq(posts.id, postId));
    await tx
      .update(topics)
      .set({ postsCount: sql`${topics.postsCount} - 1`, lastPostAt: newestPostAt(post.topicId) })
      .where(eq(topics.id, post.topicId));
    await tx.update(users).set({ postsCount: sql`${users.postsCount} - 1` }).where(eq(users.id, post.authorId));
  });
}

/** Deletes a topic with every post in it, taking each author's posts off their count. */
export function deleteTopic(db: Db, topicId: number) {
  return db.transaction(async (tx) => {
    await lockTopic(tx, topicId);
    const perAuthor = tx
      .select({ authorId: posts.authorId, removed: count().as("removed") })
      .from(posts)
      .where(eq(posts.topicId, topicId))
      .groupBy(posts.authorId)
      .as("per_author");
    const corrected = await tx
      .update(users)
      .set({ postsCount: sql`${users.postsCount} - ${perAuthor.removed}` })
      .from(perAuthor)
      .where(eq(users.id, perAuthor.authorId))
      .returning({ removed: perAuthor.removed });
    await tx.delete(topics).where(eq(topics.id, topicId));
    await tx.execute(sql`SELECT pg_notify(${TOPICS_CHANNEL}, ${JSON.stringify({ topicId })})`);
    return { deletedPosts: corrected.reduce((sum, row) => sum + Number(row.removed), 0) };
  });
}
