import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { draftKeys } from "@shared/schemas/drafts";
import { profileComments, users } from "../db/schema";
import { renderAsAuthor } from "../markdown/render-as-author";
import { refuseIf } from "../policies/authorize";
import { profileCommentRefusal } from "../policies/profile-comment";
import { hasBlocked } from "../queries/blocks";
import { discardDraft } from "./drafts";
import { notifyNewComment, withdrawCommentNotifications } from "./notify";
import { censoredSource, raiseWatchedWordFlag, screenWrite } from "./watched-words";
import type { WordMatcher } from "../watched-words/matcher";

/**
 * A comment on a profile, with its notifications, in one transaction; the author's draft of it goes.
 * Refused (403) when the profile's owner blocked the author, asked inside the transaction.
 */
export async function createProfileComment(
  db: Db,
  author: { id: number; isAdmin: boolean; isModerator: boolean },
  input: { profileUserId: number; content: string },
  words: WordMatcher,
) {
  const flagged = screenWrite(words, input.content);
  const { html } = await renderAsAuthor(db, author.id, input.content, words);
  return db.transaction(async (tx) => {
    refuseIf(profileCommentRefusal(author, { blockedActor: await hasBlocked(tx, input.profileUserId, author.id) }));
    const [comment] = await tx.insert(profileComments).values({ ...input, contentCensored: censoredSource(words, input.content), authorId: author.id, html }).returning();
    if (flagged) await raiseWatchedWordFlag(tx, { type: "comment", id: comment!.id, authorId: author.id }, flagged);
    await notifyNewComment(tx, { ...comment!, authorId: author.id });
    const [profile] = await tx.select({ username: users.username }).from(users).where(eq(users.id, input.profileUserId));
    if (profile) await discardDraft(tx, author.id, draftKeys.comment(profile.username));
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
