import { and, eq, sql } from "drizzle-orm";
import { announceTopicEvent } from "./topic-events";
import type { Reaction } from "@shared/reactions";
import type { Db } from "../db/client";
import { postReactions } from "../db/schema";
import { forbidden, notFound } from "../errors";
import { reactionRefusal } from "../policies/reaction";
import { findVisiblePost, listReactionCounts } from "../queries/reactions";
import { notifyReaction, withdrawReactions } from "./notify";

/** When a reaction was given, to the microsecond (withdrawReactions compares it with counted_since). */
const reactionTime = sql<string>`${postReactions.createdAt}::text`;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The member reacting: their id, as the policy needs it. */
interface Reactor {
  id: number;
}

/**
 * The post a reaction names, locked against deletion for the transaction (FOR KEY SHARE: reactions
 * to one post do not wait for each other), 404 unless the member can see it, 403 unless they may react.
 */
async function reactablePost(tx: Tx, reactor: Reactor, postId: number) {
  const post = await findVisiblePost(tx, postId, { lock: true });
  if (!post) throw notFound("Post not found");
  const refusal = reactionRefusal(reactor, post);
  if (refusal !== null) throw forbidden(refusal);
  return post;
}

/**
 * PUT /api/posts/{id}/reactions/{reaction}: gives it (again: nothing changes, nobody is told), and
 * answers the post's reactions as the member now sees them.
 */
export function addReaction(db: Db, reactor: Reactor, postId: number, reaction: Reaction) {
  return db.transaction(async (tx) => {
    const post = await reactablePost(tx, reactor, postId);
    const given = await tx.insert(postReactions).values({ postId, reaction, userId: reactor.id }).onConflictDoNothing().returning({ postId: postReactions.postId });
    if (given.length > 0) {
      // A post that outlived its deleted author tells nobody.
      if (post.authorId !== null) await notifyReaction(tx, { postId, topicId: post.topicId, authorId: post.authorId, actorId: reactor.id });
      await announceTopicEvent(tx, post.topicId, "reactions", postId);
    }
    return (await listReactionCounts(tx, [postId], reactor.id)).get(postId) ?? [];
  });
}

/** DELETE /api/posts/{id}/reactions/{reaction}: takes it back (if given), out of the author's unread notification too. */
export function removeReaction(db: Db, reactor: Reactor, postId: number, reaction: Reaction) {
  return db.transaction(async (tx) => {
    const post = await reactablePost(tx, reactor, postId);
    const removed = await tx
      .delete(postReactions)
      .where(and(eq(postReactions.postId, postId), eq(postReactions.reaction, reaction), eq(postReactions.userId, reactor.id)))
      .returning({ postId: postReactions.postId, userId: postReactions.userId, createdAt: reactionTime });
    await withdrawReactions(tx, removed);
    if (removed.length > 0) await announceTopicEvent(tx, post.topicId, "reactions", postId);
    return (await listReactionCounts(tx, [postId], reactor.id)).get(postId) ?? [];
  });
}
