import { rm } from "node:fs/promises";
import path from "node:path";
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { invites, posts, profileComments, sessions, topics, uploads, users } from "../db/schema";
import { notFound } from "../errors";
import { identityChanged } from "../identity/changes";
import { releaseDeletedActor, withdrawPostNotifications } from "./notify";

/** The statement time limit while a member is deleted. */
const DELETE_MEMBER_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Deletes a member with everything that is theirs (docs/product.md "Admin"): their posts, their
 * topics with every post in them, comments they wrote and comments on their profile, badges, bio
 * card, links, uploads (rows and files), unused invites assigned to them, and their sessions. Other
 * members' counters are corrected in the same transaction; people they invited keep their accounts.
 *
 * Locks follow the forum's order (topics, then users), so this cannot deadlock with posting.
 */
export async function deleteUser(db: Db, userId: number, uploadDir: string) {
  const result = await db.transaction(async (tx) => {
    // An administrator's rare action whose work grows with the member's posts: withdrawing the
    // notifications of a spammer's thousands of posts in a busy topic took seconds in a check, near
    // the request statements' limit (DATABASE_STATEMENT_TIMEOUT_MS), so this transaction gets more.
    await tx.execute(sql`SET LOCAL statement_timeout = ${sql.raw(String(DELETE_MEMBER_STATEMENT_TIMEOUT_MS))}`);
    // Topics whose counters change: theirs (deleted) and the ones they posted in.
    const touched = await tx
      .selectDistinct({ id: topics.id })
      .from(topics)
      .where(or(eq(topics.createdBy, userId), sql`${topics.id} IN (SELECT ${posts.topicId} FROM ${posts} WHERE ${posts.authorId} = ${userId})`))
      .orderBy(asc(topics.id));
    const topicIds = touched.map((topic) => topic.id);
    if (topicIds.length) await tx.select({ id: topics.id }).from(topics).where(inArray(topics.id, topicIds)).orderBy(asc(topics.id)).for("update");

    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw notFound("User not found");

    const ownTopics = tx.select({ id: topics.id }).from(topics).where(eq(topics.createdBy, userId));
    const [{ postCount }] = (await tx
      .select({ postCount: count() })
      .from(posts)
      .where(or(eq(posts.authorId, userId), inArray(posts.topicId, ownTopics)))) as [{ postCount: number }];
    const [{ topicCount }] = (await tx.select({ topicCount: count() }).from(topics).where(eq(topics.createdBy, userId))) as [{ topicCount: number }];
    const [{ commentCount }] = (await tx
      .select({ commentCount: count() })
      .from(profileComments)
      .where(or(eq(profileComments.authorId, userId), eq(profileComments.profileUserId, userId)))) as [{ commentCount: number }];

    // Other members lose the posts they wrote inside this member's topics.
    const othersInOwnTopics = tx
      .select({ authorId: posts.authorId, removed: count().as("removed") })
      .from(posts)
      .where(and(inArray(posts.topicId, ownTopics), ne(posts.authorId, userId)))
      .groupBy(posts.authorId)
      .as("others");
    await tx
      .update(users)
      .set({ postsCount: sql`${users.postsCount} - ${othersInOwnTopics.removed}` })
      .from(othersInOwnTopics)
      .where(eq(users.id, othersInOwnTopics.authorId));

    // Their topics go now, with every post in them and every notification about them (cascade), so
    // what is withdrawn below is their part in other members' topics only.
    await tx.delete(topics).where(eq(topics.createdBy, userId));

    // Their posts in other members' topics go, as a deleted post does: its unread mentions and its
    // part in unread replies (count, first post, latest poster) are withdrawn first; then those
    // topics' counters follow. Their comments' notifications name them as actor and go with them;
    // nothing else left names them except what should outlive them (notify.ts, releaseDeletedActor).
    await withdrawPostNotifications(tx, { authorId: userId });
    await releaseDeletedActor(tx, userId);
    await tx.delete(posts).where(eq(posts.authorId, userId));
    await tx
      .update(topics)
      .set({
        postsCount: sql`(SELECT count(*)::int FROM ${posts} WHERE ${posts.topicId} = ${topics.id})`,
        lastPostAt: sql`(SELECT ${posts.createdAt} FROM ${posts} WHERE ${posts.topicId} = ${topics.id} ORDER BY ${posts.id} DESC LIMIT 1)`,
      })
      .where(topicIds.length ? and(inArray(topics.id, topicIds), ne(topics.createdBy, userId)) : sql`false`);

    const files = await tx.select({ filename: uploads.filename }).from(uploads).where(eq(uploads.ownerId, userId));
    await tx.delete(invites).where(and(eq(invites.assignedTo, userId), isNull(invites.usedAt)));
    await tx.delete(sessions).where(sql`(${sessions.sess} -> 'passport' ->> 'user') = ${String(userId)}`);
    // The rest (comments both ways, badges, bio card, links, upload rows) cascades.
    await tx.delete(users).where(eq(users.id, userId));
    await identityChanged(tx, userId);
    return { user, files, deletedData: { posts: postCount, topics: topicCount, comments: commentCount } };
  });

  // Files go once the rows are gone for good.
  await Promise.all(result.files.map(({ filename }) => rm(path.join(uploadDir, filename), { force: true })));
  return { username: result.user.username, deletedData: result.deletedData };
}
