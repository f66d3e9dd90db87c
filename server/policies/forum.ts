/** Who may do what in the forum (community-site.md section 6, decisions.md "Forum"). */
interface Actor {
  id: number;
  isAdmin: boolean;
}

export const canEditPost = (actor: Actor, post: { authorId: number }) => post.authorId === actor.id;
export const canDeletePost = (actor: Actor, post: { authorId: number }) => post.authorId === actor.id || actor.isAdmin;
export const canModerateTopic = (actor: Actor) => actor.isAdmin;
export const canReply = (topic: { isLocked: boolean }) => !topic.isLocked;
