import { CONVERSATION_MAX_MEMBERS, NOT_ACCEPTING_MESSAGES } from "@shared/constants";
import { isStaff } from "./staff";

/**
 * Who may do what in private messages (docs/product.md "Private messages and blocking"). Banned members never get
 * this far (the `member` guard); a silenced member's refusal belongs here too. Whether the
 * caller is in the conversation at all is not a refusal but a 404 (nobody else learns it exists).
 */

/**
 * Why `actor` may not put `target` in a conversation, or null when they may: a member who blocked
 * them refuses, unless they are staff (blocking an admin is accepted, but their messages still arrive).
 */
export function addToConversationRefusal(actor: { isAdmin: boolean; isModerator: boolean }, target: { blockedActor: boolean }): string | null {
  if (target.blockedActor && !isStaff(actor)) return NOT_ACCEPTING_MESSAGES;
  return null;
}

/** Whether one more member fits in a conversation of `members`. */
export const hasRoomForAnother = (members: number) => members < CONVERSATION_MAX_MEMBERS;

/** Only its author deletes a message. */
export const canDeleteMessage = (member: { id: number }, message: { authorId: number | null }) => message.authorId === member.id;

/** Nobody blocks themselves. */
export const canBlock = (member: { id: number }, target: { id: number }) => member.id !== target.id;
