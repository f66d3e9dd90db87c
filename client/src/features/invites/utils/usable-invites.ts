import type { AssignedInvite } from "@shared/types";

/** Ready to share: not used and not expired (no expiry, or one still ahead). */
export function isUsable(invite: Pick<AssignedInvite, "usedAt" | "expiresAt">, now: number = Date.now()): boolean {
  return invite.usedAt === null && (invite.expiresAt === null || new Date(invite.expiresAt).getTime() > now);
}

export function countUsable(invites: readonly Pick<AssignedInvite, "usedAt" | "expiresAt">[], now: number = Date.now()): number {
  return invites.filter((invite) => isUsable(invite, now)).length;
}

/** Whether an unused invite's expiry has passed. */
export function isExpired(invite: Pick<AssignedInvite, "usedAt" | "expiresAt">, now: number = Date.now()): boolean {
  return invite.usedAt === null && invite.expiresAt !== null && new Date(invite.expiresAt).getTime() <= now;
}
