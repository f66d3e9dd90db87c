import { and, eq, sql } from "drizzle-orm";
import { BOOKMARKS_PER_MEMBER } from "@shared/constants";
import { forumChanged, forumTags } from "../cache/forum-changes";
import type { Db } from "../db/client";
import { JOBS_SCHEMA } from "../db/migrate";
import { bookmarks, posts } from "../db/schema";
import { conflict, notFound } from "../errors";
import { addJob } from "../jobs/queue";
import { TASKS } from "../jobs/tasks";
import { countBookmarks } from "../queries/bookmarks";
import { findVisiblePost } from "../queries/reactions";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Two-key advisory locks (a space apart from the one-key ones): one member's bookmarks are set one at a time, so the cap holds. */
const BOOKMARKS_LOCK = 7_314_057;

export const BOOKMARKS_FULL = `You can keep at most ${BOOKMARKS_PER_MEMBER} bookmarks: remove one first`;

/** The one pending reminder job of a bookmark (the job queue's key): adding it again moves it, removing it takes it away. */
export const reminderJobKey = (bookmarkId: number) => `${TASKS.bookmarkReminder}:${bookmarkId}`;

const removeReminderJob = (tx: Pick<Db, "execute">, bookmarkId: number) =>
  tx.execute(sql`SELECT ${sql.raw(JOBS_SCHEMA)}.remove_job(${reminderJobKey(bookmarkId)})`);

/**
 * PUT /api/bookmarks/posts/{postId}: bookmarks the post (again: the same bookmark, its reminder
 * replaced), 404 unless the member can see it, 409 past BOOKMARKS_PER_MEMBER. A reminder is a
 * `bookmark_reminder` job due at `remindAt`, added in this transaction under the bookmark's key, so
 * a new time moves it and none removes it (docs/decisions/057-bookmarks-and-reminders.md).
 */
export function setBookmark(db: Db, userId: number, postId: number, remindAt: Date | null): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOOKMARKS_LOCK}, ${userId})`);
    // FOR KEY SHARE: the post cannot be deleted before the bookmark is stored.
    const post = await findVisiblePost(tx, postId, { lock: true });
    if (!post) throw notFound("Post not found");
    const [existing] = await tx.select({ id: bookmarks.id }).from(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId)));
    if (!existing && (await countBookmarks(tx, userId)) >= BOOKMARKS_PER_MEMBER) throw conflict(BOOKMARKS_FULL);
    const [saved] = await tx
      .insert(bookmarks)
      .values({ userId, postId, remindAt })
      .onConflictDoUpdate({ target: [bookmarks.userId, bookmarks.postId], set: { remindAt } })
      .returning({ id: bookmarks.id });
    await scheduleReminder(tx, saved!.id, remindAt);
    // The post's kept pages hold who bookmarked it (docs/decisions/067).
    if (!existing) await forumChanged(tx, [forumTags.topic(post.topicId)]);
  });
}

/** A reminder at `remindAt` (its job added or moved), or none (its job, if any, removed). */
async function scheduleReminder(tx: Tx, bookmarkId: number, remindAt: Date | null) {
  if (remindAt === null) {
    await removeReminderJob(tx, bookmarkId);
    return;
  }
  await addJob(tx, TASKS.bookmarkReminder, { bookmarkId }, { jobKey: reminderJobKey(bookmarkId), runAt: sql`${remindAt.toISOString()}::timestamptz` });
}

/** DELETE /api/bookmarks/posts/{postId}: removes the member's bookmark of the post and its reminder, if they had one. */
export function removeBookmark(db: Db, userId: number, postId: number): Promise<void> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId)))
      .returning({ id: bookmarks.id });
    for (const { id } of removed) await removeReminderJob(tx, id);
    if (removed.length > 0) {
      const [post] = await tx.select({ topicId: posts.topicId }).from(posts).where(eq(posts.id, postId));
      if (post) await forumChanged(tx, [forumTags.topic(post.topicId)]);
    }
  });
}
