import type { z } from "zod";
import type { bioAnalyticsSchema, bioCardSchema, bioSettingsAnswerSchema, publicBioCardSchema, userLinkSchema } from "../schemas/answers/bio";
import type { bioCardSettingsSchema } from "../schemas/bio";
import type { UserBadge } from "./badges";

/** The fields a member edits (PATCH /api/bio takes any subset), as stored and sent: derived from their rules. */
export type BioCardSettings = z.output<typeof bioCardSettingsSchema>;

/** POST /api/bio (201) and PATCH /api/bio. */
export type BioCard = z.output<typeof bioCardSchema>;

export type UserLink = z.output<typeof userLinkSchema>;

/** GET /api/bio/settings. */
export type BioSettingsResponse = z.output<typeof bioSettingsAnswerSchema>;

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
export type PublicBioCard = z.output<typeof publicBioCardSchema>;

/** GET /api/bio/analytics: one entry per UTC day of the period, oldest first, zeros included. */
export type BioAnalytics = z.output<typeof bioAnalyticsSchema>;
