// How each badge looks (icon and colours): the app's chips (client components/badge-chip.tsx) and the
// server-rendered public card (server/card-page/) draw badges from this one table. `light:` is the
// site's light theme (client/src/index.css); a card is always drawn dark, so the card never uses it.
import { Award, BadgeCheck, Crown, Heart, Lightbulb, Medal, ShieldCheck, Sparkles, UserPlus, type LucideIcon } from "lucide-react";
import type { BadgeType } from "@shared/constants";

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

/** A badge's icon and colours; an unknown type (a newer server) gets a neutral one. */
export const badgeLook = (badgeType: BadgeType) => BADGE_LOOKS[badgeType] ?? FALLBACK_LOOK;
