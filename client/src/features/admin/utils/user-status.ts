import type { AdminUser } from "@shared/types";
import { formatDate } from "@/lib/format-date";
import { isBanned } from "@/lib/is-banned";

export type UserStatus =
  | { kind: "admin"; label: string }
  | { kind: "active"; label: string }
  | { kind: "banned"; label: string; until: string | null }
  | { kind: "silenced"; label: string; until: string };

/**
 * A member's status in the admin table: Admin; Banned until <date> or Banned permanently while a ban
 * is in force; Silenced until <date> while a silence is; Active otherwise (also once they have run out).
 */
export function userStatus(user: Pick<AdminUser, "isAdmin" | "isBanned" | "banExpiresAt"> & Partial<Pick<AdminUser, "silencedUntil">>, now: number = Date.now()): UserStatus {
  if (user.isAdmin) return { kind: "admin", label: "Admin" };
  if (isBanned(user, now)) {
    return user.banExpiresAt
      ? { kind: "banned", label: `Banned until ${formatDate(user.banExpiresAt)}`, until: user.banExpiresAt }
      : { kind: "banned", label: "Banned permanently", until: null };
  }
  // A silence shows while it lasts (it ends by itself like a ban).
  if (user.silencedUntil && Date.parse(user.silencedUntil) > now) return { kind: "silenced", label: `Silenced until ${formatDate(user.silencedUntil)}`, until: user.silencedUntil };
  return { kind: "active", label: "Active" };
}
