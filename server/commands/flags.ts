import { count, eq, sql } from "drizzle-orm";
import { announceTopicEvent } from "./topic-events";
import { FLAG_ALREADY_OPEN, FLAGS_PER_DAY_REACHED, type FlagReason, type ReviewFlagReason, type ReviewAction } from "@shared/flags";
import type { Db } from "../db/client";
import { channels, publish } from "../events/channels";
import { bioCards, flags, posts, profileComments, topics } from "../db/schema";
import { conflict, notFound, tooManyRequests } from "../errors";
import { forumChanged, forumTags } from "../cache/forum-changes";
import { flagsHide } from "../policies/flags";
import { findCommentProfile, findReviewItem, flagLimitWait, isHidden, type FlagTarget, type ReviewItemRow } from "../queries/flags";
import { emptyMessage } from "./conversations";
import { deletePost, deleteTopic } from "./forum";
import { notifyFlagsResolved, notifyModeration } from "./notify";
import { deleteProfileComment } from "./profile-comments";
import { recordModeration } from "./record-moderation";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Pick<Db, "execute">;

interface Staff {
  id: number;
  username: string;
  isAdmin: boolean;
  isModerator: boolean;
}

// Staff's open /ws connections hear the new count (ws/review-relay.ts).
const announcePendingCount = (tx: Executor) => publish(tx, channels.reviewCount, "");

export const REVIEW_NOT_FOUND = "Review item not found";
export const REVIEW_RESOLVED = "This item is already resolved";

/**
 * Hides or shows the target again (hidden_at, the one hidden state; messages have none): a post's
 * topic pages are kept in the forum cache, so they are told.
 */
async function setHidden(tx: Tx, target: { type: FlagTarget["type"]; id: number; topicId: number | null }, hidden: boolean) {
  const hiddenAt = hidden ? sql`coalesce(hidden_at, now())` : null;
  if (target.type === "post") {
    // updated_at dates the post's text (its history, `updatedAt`): hiding does not change it.
    await tx.update(posts).set({ hiddenAt, updatedAt: sql`${posts.updatedAt}` }).where(eq(posts.id, target.id));
    if (target.topicId !== null) {
      await forumChanged(tx, [forumTags.topic(target.topicId)]);
      // Shown again, it reads as an edit to those who have the topic open.
      await announceTopicEvent(tx, target.topicId, hidden ? "post_hidden" : "post_edited", target.id);
    }
  } else if (target.type === "topic") {
    // Only the opener's text is hidden (docs/product.md "The opener is a post"): the title and the
    // replies stay. The lists leave a hidden opener's excerpt out; open pages read the topic again.
    await tx.update(topics).set({ hiddenAt, updatedAt: sql`${topics.updatedAt}` }).where(eq(topics.id, target.id));
    await forumChanged(tx, [forumTags.lists]);
    await announceTopicEvent(tx, target.id, "topic_edited");
  } else if (target.type === "comment") {
    await tx.update(profileComments).set({ hiddenAt }).where(eq(profileComments.id, target.id));
  } else if (target.type === "card") {
    await tx.update(bioCards).set({ hiddenAt }).where(eq(bioCards.userId, target.id));
  }
}

/**
 * POST /api/flags, once the route found the target visible to the flagger and the policy allowed it:
 * at most FLAGS_PER_DAY a day (429), one open flag per member per target (409). The flag joins the
 * target's pending review item (opening one if none is); a staff flag, or the `flagsToHide`th
 * distinct flagger, hides a post, comment or card at once. Flags of one member are taken one at a
 * time (an advisory lock), so the daily limit holds under concurrent requests.
 */
export function raiseFlag(
  db: Db,
  flagger: { id: number; isAdmin: boolean; isModerator: boolean },
  target: FlagTarget,
  input: { reason: FlagReason; note?: string },
  flagsToHide: number,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('flags'), ${flagger.id})`);
    const wait = await flagLimitWait(tx, flagger.id);
    if (wait !== null) throw tooManyRequests(FLAGS_PER_DAY_REACHED, wait);
    // The pending item of the target, locked: its flags are counted one flag at a time.
    const item = await tx.execute<{ id: number; opened: boolean }>(sql`
      INSERT INTO review_items (target_type, target_id, author_id) VALUES (${target.type}, ${target.id}, ${target.authorId})
      ON CONFLICT (target_type, target_id) WHERE status = 'pending' DO UPDATE SET author_id = excluded.author_id
      RETURNING id, (xmax = 0) AS opened`);
    const { id: reviewItemId, opened } = item.rows[0]!;
    const note = input.note ? input.note : null;
    const raised = await tx.insert(flags).values({ reviewItemId, flaggerId: flagger.id, reason: input.reason, note }).onConflictDoNothing().returning({ id: flags.id });
    if (raised.length === 0) throw conflict(FLAG_ALREADY_OPEN);
    // The post's kept pages hold who flagged it (docs/decisions/067).
    if (target.type === "post" && target.topicId !== null) await forumChanged(tx, [forumTags.topic(target.topicId)]);
    const [flaggers] = await tx.select({ count: count() }).from(flags).where(eq(flags.reviewItemId, reviewItemId));
    if (flagsHide(flagger, flaggers!.count, flagsToHide) && target.type !== "message") {
      const wasHidden = await isHidden(tx, target);
      await setHidden(tx, target, true);
      // The author learns that flags hid it (once: when it goes from shown to hidden), and why.
      if (!wasHidden && target.authorId !== null) {
        await notifyModeration(tx, {
          userId: target.authorId,
          moderationAction: `${target.type}_flagged`,
          reason: await mainFlagReason(tx, reviewItemId),
          ...(await noticeLinks(tx, target.type, target.id, target.topicId, false)),
        });
      }
    }
    if (opened) await announcePendingCount(tx);
    return { id: raised[0]!.id, reviewItemId };
  });
}

/** The reason most of the item's flags give (the earliest of equals): what a moderation notice says it was for. */
async function mainFlagReason(tx: Executor, reviewItemId: number): Promise<ReviewFlagReason | null> {
  const result = await tx.execute<{ reason: ReviewFlagReason }>(sql`
    SELECT reason FROM flags WHERE review_item_id = ${reviewItemId} GROUP BY reason ORDER BY count(*) DESC, min(id) LIMIT 1`);
  return result.rows[0]?.reason ?? null;
}

/**
 * Where a moderation notice opens: the post in its topic, the topic of an opener, the profile a
 * comment is on, the card's profile. What is deleted is not linked (a deleted post's notice opens its
 * topic); a message, which lives in its conversation, is not linked at all.
 */
async function noticeLinks(tx: Executor, type: FlagTarget["type"], id: number, topicId: number | null, deleted: boolean, knownProfileUserId?: number) {
  const none = { topicId: null, postId: null, commentId: null, profileUserId: null };
  if (type === "post") return { ...none, topicId, postId: deleted ? null : id };
  if (type === "topic") return { ...none, topicId: deleted ? null : id };
  if (type === "card") return { ...none, profileUserId: id };
  if (type === "comment") {
    const profileUserId = knownProfileUserId ?? (await findCommentProfile(tx, id));
    return { ...none, profileUserId: profileUserId ?? null, commentId: deleted ? null : id };
  }
  return none;
}

/** How the public log names a target: never by its text. */
function targetLabel(item: ReviewItemRow): string {
  const author = item.author_username ? `@${item.author_username}` : "a former member";
  return item.target_type === "card" ? `card of ${author}` : `${item.target_type} #${item.target_id} by ${author}`;
}

/** Deletes the target through its own command (counts, notifications, caches); gone already is fine. */
async function deleteTarget(db: Db, staff: Staff, item: ReviewItemRow) {
  try {
    if (item.target_type === "post") await deletePost(db, staff, item.target_id);
    // Deleting an opener deletes its topic, as staff may (deleteTopic: public log, counts, caches).
    else if (item.target_type === "topic") await deleteTopic(db, staff, item.target_id);
    else if (item.target_type === "comment") await deleteProfileComment(db, item.target_id);
  } catch (error) {
    if (!(error instanceof Error && "status" in error && error.status === 404)) throw error;
  }
}

/**
 * POST /api/review/{id} (staff): `hide` keeps the target hidden (a message, which has no hidden
 * state, is emptied), `delete` deletes a post or comment through its delete command (a message is
 * emptied, a card, which is its member's, stays hidden), `keep` shows it again. The item and with it
 * every open flag on the target are resolved; the author is told of hide and delete; the decision
 * goes to the public moderation log; staff hear the new pending count. The author is told of hide and
 * delete with the flags' reason and staff's note; every flagger is told the outcome (docs/decisions/066).
 */
export async function decideReview(db: Db, staff: Staff, itemId: number, decision: { action: ReviewAction; note?: string }) {
  const found = await findReviewItem(db, itemId);
  if (!found) throw notFound(REVIEW_NOT_FOUND);
  if (found.status !== "pending") throw conflict(REVIEW_RESOLVED);
  const { action } = decision;
  if (action === "delete") await deleteTarget(db, staff, found);
  const note = decision.note ? decision.note : null;
  await db.transaction(async (tx) => {
    const locked = await tx.execute<{ status: string }>(sql`SELECT status FROM review_items WHERE id = ${itemId} FOR UPDATE`);
    if (locked.rows[0]?.status !== "pending") throw conflict(REVIEW_RESOLVED);
    const item = found;
    const target = { type: item.target_type, id: item.target_id, topicId: item.target?.topicId ?? null };
    if (item.target_type === "message" && action !== "keep") await emptyMessage(tx, item.target_id);
    else if (action !== "delete" || item.target_type === "card") await setHidden(tx, target, action !== "keep");
    await tx.execute(sql`
      UPDATE review_items SET status = 'resolved', action = ${action}, note = ${note}, resolved_by = ${staff.id}, resolved_at = now()
      WHERE id = ${itemId}`);
    const deleted = action === "delete" && (item.target_type === "post" || item.target_type === "comment" || item.target_type === "topic");
    const links = await noticeLinks(tx, item.target_type, item.target_id, item.target?.topicId ?? null, deleted, item.target?.profileUserId);
    const moderationAction = `${item.target_type}_${action}`;
    if (action !== "keep" && item.author_id !== null) {
      await notifyModeration(tx, { userId: item.author_id, moderationAction, reason: await mainFlagReason(tx, itemId), note, ...links });
    }
    // Every flagger hears whether staff agreed (hide, delete) or not (keep).
    await notifyFlagsResolved(tx, { reviewItemId: itemId, exceptUserId: staff.id, moderationAction, note, ...links });
    await recordModeration(tx, { action: `review_${action}`, moderator: staff, targetType: item.target_type, targetLabel: targetLabel(item), reason: note });
    await announcePendingCount(tx);
  });
}

