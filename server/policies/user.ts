/** The ban rule (docs/product.md "Screens"): banned while isBanned is set and the expiry is absent or still ahead. */
export function isBannedNow(user: { isBanned: boolean; banExpiresAt: Date | null }, now = new Date()): boolean {
  return user.isBanned && (user.banExpiresAt === null || user.banExpiresAt > now);
}
