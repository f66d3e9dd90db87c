import type { UserBadge } from "@shared/types";
import type { BadgeRow } from "../queries/badges";
import { isoTime } from "./iso-time";

export function presentUserBadge(badge: BadgeRow): UserBadge {
  return { badgeType: badge.badgeType, grantedAt: isoTime(badge.grantedAt), grantedByUsername: badge.grantedByUsername, automatic: badge.automatic };
}
