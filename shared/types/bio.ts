import type { z } from "zod";
import type { LinkIconType } from "../constants";
import type { bioCardSettingsSchema } from "../schemas/bio";
import type { UserBadge } from "./badges";

/** The fields a member edits (PATCH /api/bio takes any subset), as stored and sent: derived from their rules. */
export type BioCardSettings = z.output<typeof bioCardSettingsSchema>;

/** POST /api/bio (201) and PATCH /api/bio. */
export interface BioCard extends BioCardSettings {
  id: number;
  userId: number;
  viewsCount: number;
  /** Hidden after flags until reviewed: the public card answers as not public meanwhile. */
  hidden: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface UserLink {
  id: number;
  userId: number;
  title: string;
  url: string;
  iconType: LinkIconType;
  iconName: string | null;
  iconUrl: string | null;
  displayOrder: number;
  isVisible: boolean;
  /** The link's window on the public card (shared/policies/link-schedule.ts); null is an open end. */
  visibleFrom: string | null;
  visibleUntil: string | null;
  createdAt: string;
}

/** GET /api/bio/settings. */
export interface BioSettingsResponse {
  user: { id: number; username: string; avatar: string | null };
  bioCard: BioCard | null;
  userLinks: UserLink[];
  /** The names the card's files had on the member's device, by URL (files stored before names were kept have none). */
  fileNames: Record<string, string>;
}

/** A link on the public card: what opening it and its click beacon need, nothing of its owner. */
export type PublicUserLink = Pick<UserLink, "id" | "title" | "url" | "iconType" | "iconName" | "iconUrl">;

/** A badge on the public card: its type only (no granter, no date: the og_user date is the join date). */
export type PublicBadge = Pick<UserBadge, "badgeType">;

/**
 * GET /api/bio/{username}: only public cards of members who are not banned. What the owner's
 * switches hide is left out by the server: `viewsCount` (showStats and showViews), `uid`
 * (showStats and showUid), `isOnline` (showOnlineStatus); the avatars are null without showAvatar
 * and `badges` empty without showBadges. The choice of badges (`visibleBadges`) is applied, not sent.
 */
export interface PublicBioCard extends Omit<BioCardSettings, "isPublic" | "visibleBadges"> {
  username: string;
  /** The owner's user id. */
  uid?: number;
  /** The owner's profile avatar and bio. */
  avatar: string | null;
  bio: string | null;
  viewsCount?: number;
  isOnline?: boolean;
  /** Visible links in displayOrder. */
  customLinks: PublicUserLink[];
  /** Already filtered by showBadges and visibleBadges. */
  badges: PublicBadge[];
}

/** GET /api/bio/analytics: one entry per UTC day of the period, oldest first, zeros included. */
export interface BioAnalytics {
  /** `views` count a visitor once per 24 hours; `uniqueVisitors` are the day's distinct visitors (address and user agent, or the member). */
  days: { date: string; views: number; uniqueVisitors: number; clicks: number }[];
  /** The member's links, most clicked in the period first. */
  links: { id: number; title: string; clicks: number }[];
  totals: { views: number; clicks: number };
  /** The period's counted views by the host of `Referer` (`direct` without one), most first, the top 10. */
  referrers: { source: string; views: number }[];
  /** The period's counted views by device, from the user agent. */
  devices: { mobile: number; desktop: number };
}
