import type { ComponentProps, ReactNode } from "react";
import { badgeLook } from "@shared/bio-card/badge-looks";
import { BADGES, type BadgeType } from "@shared/constants";
import type { PublicBadge } from "@shared/types";
import { cn } from "@/lib/cn";

/** What a badge means. */
export const badgeDescription = (badgeType: BadgeType) => BADGES[badgeType]?.description ?? badgeType;

/**
 * A focusable badge chip with its label, to be wrapped in a tooltip: the app's (`UserBadge`) or the
 * public card's CSS one, which must not bring the app's tooltip library into the card's entry
 * (docs/decisions/015-public-card-entry.md). Other props and the ref reach the span, as a Radix
 * `asChild` trigger needs.
 */
export function BadgeChip({ badgeType, className, ...props }: { badgeType: BadgeType } & ComponentProps<"span">) {
  const look = badgeLook(badgeType);
  const Icon = look.icon;
  return (
    <span
      tabIndex={0}
      data-badge={badgeType}
      {...props}
      className={cn(
        "inline-flex cursor-default items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        look.classes,
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {BADGES[badgeType]?.label ?? badgeType}
    </span>
  );
}

/** A member's badges in a wrapping row, in the order given, each drawn by `renderBadge` (a chip in a tooltip). */
export function BadgeChipList<Badge extends PublicBadge>({ badges, renderBadge, className }: { badges: Badge[]; renderBadge: (badge: Badge) => ReactNode; className?: string }) {
  if (badges.length === 0) return null;
  return (
    <ul aria-label="Badges" className={cn("flex flex-wrap gap-1.5", className)}>
      {badges.map((badge) => (
        <li key={badge.badgeType} className="flex">
          {renderBadge(badge)}
        </li>
      ))}
    </ul>
  );
}
