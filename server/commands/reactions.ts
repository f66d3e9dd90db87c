import { and, eq, sql } from "drizzle-orm";
import { announceTopicEvent } from "./topic-events";
import { forumChanged, forumTags } from "../cache/forum-changes";
import type { Reaction } from "@shared/reactions";
import type { Db } from "../db/client";
import { forbidden, notFound } from "../errors";
import { reactionRefusal } from "../policies/reaction";
import { findReactionTarget, listReactionCounts, reactionTables, type ReactionTarget } from "../queries/reactions";
import { notifyReaction, withdrawReactions } from "./notify";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The member reacting: their id, as the policy needs it. */
interface Reactor {
  id: number;
}

const NOT_FOUND = { post: "Post not found", topic: "Topic not found" } as const;

/**
 * The post or opener a reaction names, locked against deletion for the transaction (FOR KEY SHARE:
 * reactions to one post do not wait for each other), 404 unless the member can see it, 403 unless
 * they may react.
 */
async function reactableTarget(tx: Tx, reactor: Reactor, target: ReactionTarget) {
  const found = await findReactionTarget(tx, target, { lock: true });
  if (!found) throw notFound(NOT_FOUND[target.kind]);
  const refusal = reactionRefusal(reactor, found);
  if (refusal !== null) throw forbidden(refusal);
  return found;
}

/**
 * Open pages hear of it: a post's reactions by its id, an opener's as an edit of the topic (the
 * page reads the topic again, with them). A post's kept pages hold who reacted (docs/decisions/067):
 * they are cleared first, so a page that hears the event reads them anew.
 */
async function announceReactions(tx: Tx, target: ReactionTarget, topicId: number) {
  if (target.kind === "topic") return announceTopicEvent(tx, topicId, "topic_edited");
  await forumChanged(tx, [forumTags.topic(topicId)]);
  await announceTopicEvent(tx, topicId, "reactions", target.id);
}

/**
 * PUT /api/posts/{id}/reactions/{reaction} and /api/topics/{id}/reactions/{reaction} (the opener):
 * gives it (again: nothing changes, nobody is told), and answers the target's reactions as the member
 * now sees them.
 */
export function addReaction(db: Db, reactor: Reactor, target: ReactionTarget, reaction: Reaction) {
  const { table, targetId } = reactionTables[target.kind];
  return db.transaction(async (tx) => {
    const found = await reactableTarget(tx, reactor, target);
    const given = await tx.execute(sql`
      INSERT INTO ${table} (${sql.identifier(targetId.name)}, reaction, user_id) VALUES (${target.id}, ${reaction}, ${reactor.id})
      ON CONFLICT DO NOTHING RETURNING 1`);
    if (given.rows.length > 0) {
      const postId = target.kind === "post" ? target.id : null;
      // What outlived its deleted author tells nobody.
      if (found.authorId !== null) await notifyReaction(tx, { postId, topicId: found.topicId, authorId: found.authorId, actorId: reactor.id });
      await announceReactions(tx, target, found.topicId);
    }
    return (await listReactionCounts(tx, [target.id], reactor.id, target.kind)).get(target.id) ?? [];
  });
}

/** DELETE of the same: takes it back (if given), out of the author's unread notification too. */
export function removeReaction(db: Db, reactor: Reactor, target: ReactionTarget, reaction: Reaction) {
  const { table, targetId } = reactionTables[target.kind];
  return db.transaction(async (tx) => {
    const found = await reactableTarget(tx, reactor, target);
    const removed = await tx
      .delete(table)
      .where(and(eq(targetId, target.id), eq(table.reaction, reaction), eq(table.userId, reactor.id)))
      // When it was given, to the microsecond (withdrawReactions compares it with counted_since).
      .returning({ targetId, userId: table.userId, createdAt: sql<string>`${table.createdAt}::text` });
    await withdrawReactions(tx, removed.map(({ targetId: id, ...rest }) => ({ postId: id, ...rest })), target.kind);
    if (removed.length > 0) await announceReactions(tx, target, found.topicId);
    return (await listReactionCounts(tx, [target.id], reactor.id, target.kind)).get(target.id) ?? [];
  });
}
