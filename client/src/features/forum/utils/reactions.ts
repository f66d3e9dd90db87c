import { REACTIONS, reactionOrder, type Reaction } from "@shared/reactions";
import type { PostReaction } from "@shared/types";

/**
 * A post's reactions as they stand once the viewer gives (`give`) or takes back a reaction, before
 * the server answers: the count moves by one and `reacted` follows; a count of 0 drops out; the set's
 * order is kept. Doing it again (a second click while the first is on its way) changes nothing.
 */
export function toggleReaction(reactions: PostReaction[], reaction: Reaction, give: boolean): PostReaction[] {
  const current = reactions.find((entry) => entry.reaction === reaction);
  if ((current?.reacted ?? false) === give) return reactions;
  const others = reactions.filter((entry) => entry.reaction !== reaction);
  const count = (current?.count ?? 0) + (give ? 1 : -1);
  const updated = count > 0 ? [...others, { reaction, count, reacted: give }] : others;
  return updated.sort((a, b) => reactionOrder(a.reaction) - reactionOrder(b.reaction));
}

/** Whether the viewer gave this reaction to the post. */
export const hasReacted = (reactions: PostReaction[], reaction: Reaction) => reactions.some((entry) => entry.reaction === reaction && entry.reacted);

/** The whole set, for the picker. */
export const ALL_REACTIONS = REACTIONS;
