import { Award, BadgeCheck, Crown, Heart, Lightbulb, Medal, ShieldCheck, Sparkles, UserPlus, type LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { BADGES, type BadgeType } from "@shared/constants";
import type { PublicBadge } from "@shared/types";
import { cn } from "@/lib/cn";

const BADGE_LOOKS: Record<BadgeType, { icon: LucideIcon; classes: string }> = {
  owner: { icon: Crown, classes: "border-amber-400/40 bg-amber-400/10 text-amber-300 light:text-amber-800" },
  og_user: { icon: Sparkles, classes: "border-fuchsia-400/40 bg-fuchsia-400/10 text-fuchsia-300 light:text-fuchsia-700" },
  inviter: { icon: UserPlus, classes: "border-sky-400/40 bg-sky-400/10 text-sky-300 light:text-sky-800" },
  verified: { icon: BadgeCheck, classes: "border-primary/50 bg-primary/15 text-primary-hover" },
  suggestor: { icon: Lightbulb, classes: "border-yellow-300/40 bg-yellow-300/10 text-yellow-200 light:text-yellow-800" },
  trusted_user: { icon: ShieldCheck, classes: "border-emerald-400/40 bg-emerald-400/10 text-emerald-300 light:text-emerald-800" },
  veteran: { icon: Medal, classes: "border-orange-400/40 bg-orange-400/10 text-orange-300 light:text-orange-800" },
  loyal_member: { icon: Heart, classes: "border-rose-400/40 bg-rose-400/10 text-rose-300 light:text-rose-700" },
};

const FALLBACK_LOOK = { icon: Award, classes: "border-border bg-surface-raised text-muted" };

/** What a badge means. */
export const badgeDescription = (badgeType: BadgeType) => BADGES[badgeType]?.description ?? badgeType;

/**
 * A focusable badge chip with its label, to be wrapped in a tooltip: the app's (`UserBadge`) or the
 * public card's CSS one, which must not bring the app's tooltip library into the card's entry
 * (docs/decisions/015-public-card-entry.md). Other props and the ref reach the span, as a Radix
 * `asChild` trigger needs.
 */
export function BadgeChip({ badgeType, className, ...props }: { badgeType: BadgeType } & ComponentProps<"span">) {
  const look = BADGE_LOOKS[badgeType] ?? FALLBACK_LOOK;
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
