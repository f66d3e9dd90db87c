/**
 * The fixed set of reactions (docs/product.md "Reactions"), in the order every answer and screen
 * lists them. Written once here for the server, the client and the database's check constraint.
 */
export const REACTIONS = ["like", "love", "laugh", "wow", "sad", "celebrate"] as const;
export type Reaction = (typeof REACTIONS)[number];

/** How each reaction is shown, and named to assistive technology. */
export const REACTION_DISPLAY: Record<Reaction, { emoji: string; label: string }> = {
  like: { emoji: "👍", label: "Like" },
  love: { emoji: "❤️", label: "Love" },
  laugh: { emoji: "😂", label: "Laugh" },
  wow: { emoji: "😮", label: "Wow" },
  sad: { emoji: "😢", label: "Sad" },
  celebrate: { emoji: "🎉", label: "Celebrate" },
};

/** A reaction's place in the set, for putting counts in the set's order. */
export const reactionOrder = (reaction: Reaction): number => REACTIONS.indexOf(reaction);
