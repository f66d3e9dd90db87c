import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { profileComments } from "../db/schema";
import { notifyNewComment, withdrawCommentNotifications } from "./notify";

/** A comment on a profile, with its notifications, in one transaction. */
export function createProfileComment(db: Db, input: { profileUserId: number; authorId: number; content: string }) {
  return db.transaction(async (tx) => {
    const [comment] = await tx.insert(profileComments).values(input).returning();
    await notifyNewComment(tx, comment!);
    return comment!;
  });
}

/** Removes a comment and its unread notifications. */
export function deleteProfileComment(db: Db, commentId: number) {
  return db.transaction(async (tx) => {
    await withdrawCommentNotifications(tx, commentId);
    await tx.delete(profileComments).where(eq(profileComments.id, commentId));
  });
}
