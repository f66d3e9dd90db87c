import { isStaff } from "./staff";

/** Who may do what in the forum (docs/product.md "Forum"). */
interface Actor {
  id: number;
  isAdmin: boolean;
  isModerator: boolean;
}

export const canEditPost = (actor: Actor, post: { authorId: number | null }) => post.authorId === actor.id;
/** Its author, or staff (docs/product.md "Moderation by the community": moderators delete posts and comments). */
export const canDeletePost = (actor: Actor, post: { authorId: number | null }) => post.authorId === actor.id || isStaff(actor);
/** A locked topic takes no replies, not even from an administrator. */
export const canReply = (topic: { isLocked: boolean }) => !topic.isLocked;
/** Title, description, category and tags: the author while the topic is not locked, or staff. */
export const canEditTopic = (actor: Actor, topic: { createdBy: number | null; isLocked: boolean }) =>
  isStaff(actor) || (topic.createdBy === actor.id && !topic.isLocked);
/** Pinning and locking (and deleting a topic): staff only. */
export const canModerateTopic = (actor: Actor) => isStaff(actor);
