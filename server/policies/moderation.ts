import { MODERATOR_MAX_BAN_DAYS } from "@shared/moderation";
import { roleOf } from "@shared/roles";
import { isStaff } from "./staff";

/**
 * Who may act on a member (docs/product.md "Moderation by the community"). Staff (moderators and
 * administrators) ban, unban, silence and unsilence members; a moderator bans for at most 30 days;
 * only an administrator acts on staff, changes roles and deletes members; administrators can be
 * neither banned nor silenced. Each answer is a refusal message, or null when the action is allowed.
 */
type Person = { id: number; isAdmin: boolean; isModerator: boolean };
/** Whom a ban or its lifting is about: their ban as it stands. */
type BanTarget = Person & { isBanned: boolean; banExpiresAt: Date | null };

const DAY_MS = 24 * 60 * 60 * 1000;

export const ADMINS_CANNOT_BE_BANNED = "Administrators cannot be banned";
export const ADMINS_CANNOT_BE_SILENCED = "Administrators cannot be silenced";
export const ONLY_ADMINS_ACT_ON_STAFF = "Only an administrator can act on a moderator";
export const STAFF_ONLY = "Staff access required";
export const MODERATOR_BAN_LIMIT = `Moderators may ban for up to ${MODERATOR_MAX_BAN_DAYS} days`;
export const ONLY_ADMINS_CHANGE_PERMANENT_BANS = "Only an administrator can change a permanent ban";
export const NOT_YOUR_OWN_ROLE = "You cannot change your own role";
export const ADMINS_CANNOT_BE_DELETED = "Administrators cannot be deleted";
export const ONLY_ADMINS_HANDLE_INVITES = "Only an administrator can revoke invites";

/** Staff act on plain members; only an administrator acts on a moderator. */
function staffTargetRefusal(actor: Person, target: Person): string | null {
  if (!isStaff(actor)) return STAFF_ONLY;
  if (roleOf(target) !== "member" && !actor.isAdmin) return ONLY_ADMINS_ACT_ON_STAFF;
  return null;
}

/**
 * A ban: administrators never; a moderator only on members, for at most 30 days, and never in place
 * of a permanent ban (permanent bans are administrators' to give, change and lift).
 */
export function banRefusal(actor: Person, target: BanTarget, expiresAt: Date | null, now = new Date()): string | null {
  if (target.isAdmin) return ADMINS_CANNOT_BE_BANNED;
  const refusal = staffTargetRefusal(actor, target) ?? permanentBanRefusal(actor, target);
  if (refusal) return refusal;
  if (!actor.isAdmin && !isWithinModeratorBan(expiresAt, now)) return MODERATOR_BAN_LIMIT;
  return null;
}

const permanentBanRefusal = (actor: Person, target: BanTarget) =>
  !actor.isAdmin && target.isBanned && target.banExpiresAt === null ? ONLY_ADMINS_CHANGE_PERMANENT_BANS : null;

/** A moderator's ban has an end no later than 30 days from now. */
export const isWithinModeratorBan = (expiresAt: Date | null, now: Date) =>
  expiresAt !== null && expiresAt.getTime() <= now.getTime() + MODERATOR_MAX_BAN_DAYS * DAY_MS;

/** Lifting a ban: as banning, so a moderator lifts only a member's ban that has an end. */
export function unbanRefusal(actor: Person, target: BanTarget): string | null {
  if (target.isAdmin) return ADMINS_CANNOT_BE_BANNED;
  return staffTargetRefusal(actor, target) ?? permanentBanRefusal(actor, target);
}

/** Revoking a member's unused invites with their ban: invites are administrators' (a moderator's ban keeps them). */
export const inviteRevocationRefusal = (actor: { isAdmin: boolean }): string | null => (actor.isAdmin ? null : ONLY_ADMINS_HANDLE_INVITES);

/** Silencing (or lifting a silence): administrators never; a moderator only on members. */
export function silenceRefusalFor(actor: Person, target: Person): string | null {
  if (target.isAdmin) return ADMINS_CANNOT_BE_SILENCED;
  return staffTargetRefusal(actor, target);
}

/** Roles are an administrator's, and never their own (the last administrator cannot step down by accident). */
export function roleChangeRefusal(actor: Person, target: Person): string | null {
  if (!actor.isAdmin) return "Administrator access required";
  if (actor.id === target.id) return NOT_YOUR_OWN_ROLE;
  return null;
}

/** Deleting a member: administrators only, and never an administrator. */
export function memberDeletionRefusal(actor: Person, target: Person): string | null {
  if (!actor.isAdmin) return "Administrator access required";
  if (target.isAdmin) return ADMINS_CANNOT_BE_DELETED;
  return null;
}
