import { isStaff } from "./staff";

/** A profile comment may be removed by its author, the owner of the profile, or staff (moderators delete comments). */
export const canDeleteProfileComment = (
  actor: { id: number; isAdmin: boolean; isModerator: boolean },
  comment: { authorId: number; profileUserId: number },
) => isStaff(actor) || comment.authorId === actor.id || comment.profileUserId === actor.id;
