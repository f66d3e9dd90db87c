/**
 * The ban rule: banned while `isBanned` is set and the expiry is absent or still ahead. Takes the
 * expiry as the server stores it (Date) or as the API sends it (ISO string). The same rule in SQL is
 * `bannedNow` (server/queries/banned-now.ts).
 */
export function isBannedNow(user: { isBanned: boolean; banExpiresAt: Date | string | null }, now: Date | number = Date.now()): boolean {
  if (!user.isBanned) return false;
  return user.banExpiresAt === null || new Date(user.banExpiresAt).getTime() > new Date(now).getTime();
}
