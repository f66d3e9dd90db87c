import { FLAG_OWN_CONTENT } from "@shared/flags";
import { isStaff } from "./staff";

/** Flags and hidden content (docs/product.md "Moderation by the community"). */
interface Actor {
  id: number;
  isAdmin: boolean;
  isModerator: boolean;
}

/** Who still reads a hidden post, comment or card: its author and staff. */
export const canSeeHiddenText = (viewer: Actor, target: { authorId: number | null }) => viewer.id === target.authorId || isStaff(viewer);

/** Why the member may not flag the target, or null when they may (a target they cannot see is 404 before this). */
export function flagRefusal(actor: Actor, target: { authorId: number | null }): string | null {
  return target.authorId === actor.id ? FLAG_OWN_CONTENT : null;
}

/** Whether the target is hidden now: a staff flag hides at once, members' flags at `flagsToHide` distinct flaggers. */
export const flagsHide = (actor: Actor, distinctFlaggers: number, flagsToHide: number) => isStaff(actor) || distinctFlaggers >= flagsToHide;

/** The review queue and its decisions: staff. */
export const canReview = (actor: Actor) => isStaff(actor);
