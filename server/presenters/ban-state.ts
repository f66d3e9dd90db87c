import { isBannedNow } from "@shared/policies/banned-now";
import type { BanInfo } from "@shared/types";
import { isoTimeOrNull } from "./iso-time";

/** A ban as it stands now: one whose expiry has passed is over without anyone acting, so it shows as none. */
export function presentBanState(user: { isBanned: boolean; banExpiresAt: Date | null; banReason: string | null }) {
  const banned = isBannedNow(user);
  return {
    isBanned: banned,
    banExpiresAt: banned ? isoTimeOrNull(user.banExpiresAt) : null,
    banReason: banned ? user.banReason : null,
  };
}

/** GET /api/user/ban-info: the member's ban as it stands now, and who banned them (null when not banned). */
export function presentBanInfo(user: Parameters<typeof presentBanState>[0], bannedByUsername: string | null): BanInfo {
  return { ...presentBanState(user), bannedByUsername };
}
