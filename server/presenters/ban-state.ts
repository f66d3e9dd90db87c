import { isBannedNow } from "@shared/policies/banned-now";
import type { BanInfo } from "@shared/types";
import { isSilencedNow } from "../policies/silence";
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

/** A silence as it stands now: one whose end has passed is over (policies/silence.ts). */
export function presentSilenceState(user: { silencedUntil: Date | null; silenceReason: string | null }) {
  const silenced = isSilencedNow(user);
  return {
    isSilenced: silenced,
    silencedUntil: silenced ? isoTimeOrNull(user.silencedUntil) : null,
    silenceReason: silenced ? user.silenceReason : null,
  };
}
