import { isBannedNow } from "@shared/policies/banned-now";
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
