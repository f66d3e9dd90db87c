/**
 * Who may react to a post (docs/product.md "Reactions"). Banned members never get this far (the
 * `member` guard), nor silenced ones (the `writer` guard; presenters ask policies/silence.ts too).
 */
interface Reactor {
  id: number;
}

/** Why the member may not react to the post, or null when they may. */
export function reactionRefusal(reactor: Reactor, post: { authorId: number | null }): string | null {
  if (post.authorId === reactor.id) return "You cannot react to your own post";
  return null;
}
