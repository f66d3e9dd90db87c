import type { BadgeType } from "../constants";

/** GET /api/users/{id}/badges. Automatic badges are derived, so they have no granter. */
export interface UserBadge {
  badgeType: BadgeType;
  grantedAt: string;
  grantedByUsername: string | null;
  automatic: boolean;
}
