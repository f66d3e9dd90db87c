import { roleOf } from "@shared/roles";

/**
 * Staff moderate the community (docs/product.md "Moderation by the community"): moderators and
 * administrators. What each may do beyond that is in the policies of the action.
 */
export const isStaff = (actor: { isAdmin: boolean; isModerator: boolean }) => roleOf(actor) !== "member";
