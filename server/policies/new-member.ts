import { NEW_MEMBER_LIMITS } from "@shared/moderation";
import { isStaff } from "./staff";

/**
 * New members (docs/product.md "Moderation by the community"): for their first `hours` after joining
 * (0: never) a member creates at most 3 topics and 20 posts. A topic's own first reply is a post
 * like any other, so it counts among the 20. Staff are never limited.
 */
type Member = { isAdmin: boolean; isModerator: boolean; createdAt: Date };

/** When the member's first period ends, or null when the limit does not apply to them now. */
export function newMemberPeriodEnd(member: Member, hours: number, now = new Date()): Date | null {
  if (hours <= 0 || isStaff(member)) return null;
  const end = new Date(member.createdAt.getTime() + hours * 60 * 60 * 1000);
  return end > now ? end : null;
}

/** A new member's first period, as the command creating their topic or post checks it: whose, counted from when, until when. */
export interface NewMemberPeriod {
  memberId: number;
  joinedAt: Date;
  endsAt: Date;
}

/** The member's first period, or null when the limit does not apply to them now. */
export function newMemberPeriod(member: Member & { id: number }, hours: number, now = new Date()): NewMemberPeriod | null {
  const endsAt = newMemberPeriodEnd(member, hours, now);
  return endsAt && { memberId: member.id, joinedAt: member.createdAt, endsAt };
}

/** Whether one more topic or post would pass the new member's allowance, given what they created so far. */
export const isOverNewMemberLimit = (kind: keyof typeof NEW_MEMBER_LIMITS, created: Record<keyof typeof NEW_MEMBER_LIMITS, number>) =>
  created[kind] >= NEW_MEMBER_LIMITS[kind];
