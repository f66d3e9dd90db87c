import type { PublicBadge } from "@shared/types";
import { BadgeChip, BadgeChipList, badgeDescription } from "./badge-chip";
import { Tooltip } from "./ui/tooltip";

/**
 * A badge chip with its label; hovering or focusing it tells `detail`, else what it means. The
 * public card knows badges by type only; where more is known, `detail` says how it was earned
 * (badge-detail.ts, kept apart so the card's entry loads no date formatting). The card itself
 * draws the chips with its CSS tooltip (bio-card-view.tsx), without this Radix one.
 */
export function UserBadge({ badge, detail, className }: { badge: PublicBadge; detail?: string; className?: string }) {
  return (
    <Tooltip content={detail ?? badgeDescription(badge.badgeType)}>
      <BadgeChip badgeType={badge.badgeType} className={className} />
    </Tooltip>
  );
}

/** A member's badges in a wrapping row, in the order given, each with its `detail` when given. */
export function UserBadgeList<Badge extends PublicBadge>({ badges, detail, className }: { badges: Badge[]; detail?: (badge: Badge) => string; className?: string }) {
  return <BadgeChipList badges={badges} renderBadge={(badge) => <UserBadge badge={badge} detail={detail?.(badge)} />} className={className} />;
}
