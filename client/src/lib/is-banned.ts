/** Banned: isBanned is set and banExpiresAt is absent or still in the future. */
export function isBanned(user: { isBanned: boolean; banExpiresAt: string | null }, now: number = Date.now()): boolean {
  if (!user.isBanned) return false;
  return !user.banExpiresAt || new Date(user.banExpiresAt).getTime() > now;
}
