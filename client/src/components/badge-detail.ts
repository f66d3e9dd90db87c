import type { UserBadge } from "@shared/types";
import { formatDate } from "@/lib/format-date";
import { badgeDescription } from "./badge-chip";

/** What a badge's tooltip tells where the member's badges are known in full: what it means, then how they got it. */
export function badgeDetail(badge: UserBadge): string {
  const description = badgeDescription(badge.badgeType);
  if (badge.automatic) return `${description} · earned automatically`;
  const by = badge.grantedByUsername ? ` by ${badge.grantedByUsername}` : "";
  return `${description} · granted${by} on ${formatDate(badge.grantedAt)}`;
}
