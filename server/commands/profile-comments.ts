import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { draftKeys } from "@shared/schemas/drafts";
import { profileComments, users } from "../db/schema";
import { renderAsAuthor } from "../markdown/render-as-author";
import { discardDraft } from "./drafts";
import { notifyNewComment, withdrawCommentNotifications } from "./notify";

/** A comment on a profile, with its notifications, in one transaction; the author's draft of it goes. */
export async function createProfileComment(db: Db, input: { profileUserId: number; authorId: number; content: string }) {
  const { html } = await renderAsAuthor(db, input.authorId, input.content);
  return db.transaction(async (tx) => {
    const [comment] = await tx.insert(profileComments).values({ ...input, html }).returning();
    await notifyNewComment(tx, comment!);
    const [profile] = await tx.select({ username: users.username }).from(users).where(eq(users.id, input.profileUserId));
    if (profile) await discardDraft(tx, input.authorId, draftKeys.comment(profile.username));
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
