import type { CurrentUser } from "@shared/types";

/** Banned: isBanned is set and banExpiresAt is absent or still in the future. */
export function isBanned(user: Pick<CurrentUser, "isBanned" | "banExpiresAt">): boolean {
  if (!user.isBanned) return false;
  return !user.banExpiresAt || new Date(user.banExpiresAt).getTime() > Date.now();
}
