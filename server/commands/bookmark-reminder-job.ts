import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import type { JobHandler } from "../jobs/worker";
import { notifyBookmarkReminder } from "./notify";

const reminderJob = z.object({ bookmarkId: z.number() });

/**
 * Tells a member that a bookmark's reminder came due, once (docs/decisions/057-bookmarks-and-reminders.md).
 * The job is due at `remind_at`; it clears the reminder and writes the `bookmark_reminder`
 * notification in one transaction, and only while the bookmark still wants a reminder by now: a
 * removed bookmark or reminder, a later time (its own job will come), a run of the same job again
 * after a crash (at least once) all find nothing to do. The UPDATE locks the row, so two runs at
 * once tell the member once. The notification goes out like any other: live over /ws, by push and
 * in the away mail or digest, as the member's settings say.
 */
export async function remindOfBookmark(db: Db, bookmarkId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ user_id: number; post_id: number; topic_id: number }>(sql`
      UPDATE bookmarks b SET remind_at = NULL
      FROM posts p, users u
      WHERE b.id = ${bookmarkId} AND b.remind_at IS NOT NULL AND b.remind_at <= now()
        AND p.id = b.post_id AND u.id = b.user_id AND u.deleted_at IS NULL
      RETURNING b.user_id, b.post_id, p.topic_id`);
    const [reminder] = due.rows;
    if (!reminder) return false;
    await notifyBookmarkReminder(tx, { userId: reminder.user_id, topicId: reminder.topic_id, postId: reminder.post_id });
    return true;
  });
}

/** The `bookmark_reminder` task: one bookmark's reminder. */
export function runBookmarkReminder(db: Db): JobHandler {
  return async (payload) => {
    await remindOfBookmark(db, reminderJob.parse(payload).bookmarkId);
  };
}
