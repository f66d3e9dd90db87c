/** Who may do what in the forum (docs/product.md "Forum"). */
interface Actor {
  id: number;
  isAdmin: boolean;
}

export const canEditPost = (actor: Actor, post: { authorId: number }) => post.authorId === actor.id;
export const canDeletePost = (actor: Actor, post: { authorId: number }) => post.authorId === actor.id || actor.isAdmin;
/** A locked topic takes no replies, not even from an administrator. */
export const canReply = (topic: { isLocked: boolean }) => !topic.isLocked;
