import { isStaff } from "./staff";

/** Watched words (docs/product.md "Watched words"). */
interface Actor {
  id: number;
  isAdmin: boolean;
  isModerator: boolean;
}

/** Who reads a text's source with its censored words as written: its author and staff; everyone else reads ■■■. */
export const readsUncensoredSource = (viewer: Actor, target: { authorId: number | null }) => viewer.id === target.authorId || isStaff(viewer);

/**
 * A message's source as written is its author's: the other members of a private conversation read
 * its censored words as ■■■ whatever their role (staff read conversations only as their members).
 */
export const readsUncensoredMessage = (readerId: number, message: { authorId: number | null }) => readerId === message.authorId;
