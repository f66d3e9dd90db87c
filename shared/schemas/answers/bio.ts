import { z } from "zod";
import { BADGE_TYPES, LINK_ICON_TYPES } from "../../constants";
import { bioCardSettingsSchema } from "../bio";
import { avatarSchema, countSchema, idSchema, isoTimeSchema } from "./common";

/**
 * The card's URLs as stored. A request's are described by a careful part of what the server takes
 * (shared/schemas/fields.ts `urlPattern`), which a stored one need not match.
 */
const storedUrl = z.string().nullable();
const storedUrls = {
  website: storedUrl,
  trackUrl: storedUrl,
  bioAvatar: storedUrl,
  bioBanner: storedUrl,
  backgroundImage: storedUrl,
  trackCover: storedUrl,
  trackAudio: storedUrl,
};

/** POST /api/bio (201) and PATCH /api/bio: the card's settings as stored, with its own fields. */
export const bioCardSchema = bioCardSettingsSchema
  .extend({
    ...storedUrls,
    id: idSchema,
    userId: idSchema,
    viewsCount: countSchema,
    hidden: z.boolean().meta({ description: "Hidden after flags until reviewed: not public meanwhile." }),
    createdAt: isoTimeSchema,
    updatedAt: isoTimeSchema,
  })
  .meta({ id: "BioCard" });

const linkFields = {
  id: idSchema,
  title: z.string(),
  url: z.string(),
  iconType: z.enum(LINK_ICON_TYPES),
  iconName: z.string().nullable(),
  iconUrl: z.string().nullable(),
};
export const userLinkSchema = z
  .strictObject({
    ...linkFields,
    userId: idSchema,
    displayOrder: z.int(),
    isVisible: z.boolean(),
    visibleFrom: isoTimeSchema.nullable().meta({ description: "The link's window on the public card; null is an open end." }),
    visibleUntil: isoTimeSchema.nullable(),
    createdAt: isoTimeSchema,
  })
  .meta({ id: "UserLink" });

/** GET /api/bio/settings */
export const bioSettingsAnswerSchema = z
  .strictObject({
    user: z.strictObject({ id: idSchema, username: z.string(), avatar: avatarSchema }),
    bioCard: bioCardSchema.nullable(),
    userLinks: z.array(userLinkSchema),
    fileNames: z
      .record(z.string(), z.string())
      .meta({ description: "The names the card's files had on your device, by their URL; files stored before names were kept have none." }),
  })
  .meta({ id: "BioSettings" });

/**
 * GET /api/bio/{username}: only public cards of members who are not banned. What the owner's
 * switches hide is left out: `viewsCount`, `uid`, `isOnline`; the avatars are null without
 * showAvatar and `badges` empty without showBadges.
 */
export const publicBioCardSchema = bioCardSettingsSchema
  .omit({ isPublic: true, visibleBadges: true })
  .extend({
    ...storedUrls,
    username: z.string(),
    uid: idSchema.optional(),
    avatar: avatarSchema,
    bio: z.string().nullable(),
    viewsCount: countSchema.optional(),
    isOnline: z.boolean().optional(),
    customLinks: z.array(z.strictObject(linkFields)),
    badges: z.array(z.strictObject({ badgeType: z.enum(BADGE_TYPES) })),
  })
  .meta({ id: "PublicBioCard" });

/** GET /api/bio/analytics: one entry per UTC day of the period, oldest first, zeros included. */
export const bioAnalyticsSchema = z
  .strictObject({
    days: z.array(z.strictObject({ date: z.string(), views: countSchema, uniqueVisitors: countSchema, clicks: countSchema })),
    links: z.array(z.strictObject({ id: idSchema, title: z.string(), clicks: countSchema })),
    totals: z.strictObject({ views: countSchema, clicks: countSchema }),
    referrers: z.array(z.strictObject({ source: z.string(), views: countSchema })),
    devices: z.strictObject({ mobile: countSchema, desktop: countSchema }),
  })
  .meta({ id: "BioAnalytics" });
