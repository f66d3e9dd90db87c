/** Who may do what in the forum (docs/product.md "Forum"). */
interface Actor {
  id: number;
  isAdmin: boolean;
}

export const canEditPost = (actor: Actor, post: { authorId: number }) => post.authorId === actor.id;
export const canDeletePost = (actor: Actor, post: { authorId: number }) => post.authorId === actor.id || actor.isAdmin;
export const canModerateTopic = (actor: Actor) => actor.isAdmin;
export const canReply = (topic: { isLocked: boolean }) => !topic.isLocked;
