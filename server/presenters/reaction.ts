import { REACTIONS, reactionOrder, type Reaction } from "@shared/reactions";
import type { PostReaction, PostReactors } from "@shared/types";
import type { ReactionCount, ReactionCounts } from "../queries/reactions";

const bySetOrder = (a: { reaction: Reaction }, b: { reaction: Reaction }) => reactionOrder(a.reaction) - reactionOrder(b.reaction);

/** A post's reactions: those with a count, in the set's order (docs/product.md "Reactions"). */
export function presentReactions(counts: ReactionCount[] | undefined): PostReaction[] {
  if (counts === undefined) return [];
  return counts.map(({ reaction, count, reacted }) => ({ reaction, count, reacted })).sort(bySetOrder);
}

/** The reactions of one post of a page (listReactionCounts over the page). */
export const presentPostReactions = (counts: ReactionCounts, postId: number) => presentReactions(counts.get(postId));

/** GET /api/posts/{id}/reactions: who gave each reaction, earliest first, the reactions in the set's order. */
export function presentReactors(rows: { reaction: string; id: number; username: string; avatar: string | null }[]): PostReactors {
  return {
    reactions: REACTIONS.flatMap((reaction) => {
      const members = rows.filter((row) => row.reaction === reaction).map(({ id, username, avatar }) => ({ id, username, avatar }));
      return members.length === 0 ? [] : [{ reaction, members }];
    }),
  };
}
