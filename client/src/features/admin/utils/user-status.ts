import type { AdminUser } from "@shared/types";
import { formatDate } from "@/lib/format-date";
import { isBanned } from "@/lib/is-banned";

export type UserStatus =
  | { kind: "admin"; label: string }
  | { kind: "active"; label: string }
  | { kind: "banned"; label: string; until: string | null };

/**
 * A member's status in the admin table: Admin; Banned until <date> or Banned permanently while a ban
 * is in force; Active otherwise (also once a temporary ban has run out).
 */
export function userStatus(user: Pick<AdminUser, "isAdmin" | "isBanned" | "banExpiresAt">, now: number = Date.now()): UserStatus {
  if (user.isAdmin) return { kind: "admin", label: "Admin" };
  if (isBanned(user, now)) {
    return user.banExpiresAt
      ? { kind: "banned", label: `Banned until ${formatDate(user.banExpiresAt)}`, until: user.banExpiresAt }
      : { kind: "banned", label: "Banned permanently", until: null };
  }
  return { kind: "active", label: "Active" };
}
