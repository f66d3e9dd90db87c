import { NOT_ACCEPTING_COMMENTS } from "@shared/constants";
import { isStaff } from "./staff";

/**
 * Why `actor` may not comment on a member's profile, or null when they may: its owner blocked them
 * refuses (docs/product.md "Private messages and blocking"), unless they are staff (as their messages, their comments
 * still arrive). A silenced member's refusal is the `writer` guard's.
 */
export function profileCommentRefusal(actor: { isAdmin: boolean; isModerator: boolean }, profile: { blockedActor: boolean }): string | null {
  if (profile.blockedActor && !isStaff(actor)) return NOT_ACCEPTING_COMMENTS;
  return null;
}

/** The profile's `canComment`: the same rule, for the form. */
export const canCommentOnProfile = (actor: { isAdmin: boolean; isModerator: boolean }, profile: { blockedActor: boolean }) =>
  profileCommentRefusal(actor, profile) === null;

/** A profile comment may be removed by its author, the owner of the profile, or staff (moderators delete comments). */
export const canDeleteProfileComment = (
  actor: { id: number; isAdmin: boolean; isModerator: boolean },
  comment: { authorId: number | null; profileUserId: number },
) => isStaff(actor) || comment.authorId === actor.id || comment.profileUserId === actor.id;
