import { z } from "zod";
import {
  BACKGROUND_STYLES,
  BADGE_TYPES,
  BIO_SLIDER_RANGES,
  BUILT_IN_LINK_ICONS,
  CARD_STYLES,
  DEFAULT_LINK_ICON_TYPE,
  DEFAULT_REVEAL_SCREEN_TEXT,
  ENTER_ANIMATIONS,
  LINK_ICON_TYPES,
  MAX_LINKS_PER_USER,
  TEXT_LIMITS,
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  type LinkIconType,
  USERNAME_SPARKLES,
  type BioSliderField,
  type FileField,
} from "../constants";
import {
  emptyOr,
  hexColorSchema,
  HTTP_PROTOCOLS,
  ISO_DATE_TIME_WITH_OFFSET,
  locationSchema,
  MAX_DB_INTEGER,
  NOT_BLANK,
  optionalFileUrlSchema,
  socialHandleSchema,
  urlSchema,
  websiteSchema,
} from "./fields";
import { linkWindowIssues, type LinkWindow } from "../policies/link-schedule";

function sliderSchema(field: BioSliderField) {
  const { label, min, max, step } = BIO_SLIDER_RANGES[field];
  const outOfRange = `${label} must be between ${min} and ${max}`;
  return z
    .int(`${label} must be a whole number`)
    .min(min, { error: outOfRange, abort: true })
    .max(max, { error: outOfRange, abort: true })
    .refine((value) => (value - min) % step === 0, `${label} moves in steps of ${step}`)
    // Every slider's range starts at a multiple of its step, so its steps are the multiples.
    .meta({ multipleOf: step });
}

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).nullable();

/**
 * The bio card's editable fields, each with its rule: the one list of them. The settings type
 * (shared/types/bio.ts), the presenter and the editor's form all derive from it. Text and file
 * fields accept "" or null for none; the reveal text, which always has one, takes them as its
 * default 'Reveal Profile' (bio-card.md "Defaults when a settings field is empty").
 */
export const bioCardSettingsSchema = z.strictObject({
  displayName: optionalText(TEXT_LIMITS.displayName, "Display name too long"),
  bioText: optionalText(TEXT_LIMITS.bioText, "Description too long"),
  location: locationSchema.nullable(),
  website: websiteSchema.nullable(),
  twitter: socialHandleSchema("twitter").nullable(),
  github: socialHandleSchema("github").nullable(),
  discord: socialHandleSchema("discord").nullable(),
  telegram: socialHandleSchema("telegram").nullable(),
  instagram: socialHandleSchema("instagram").nullable(),
  linkedin: socialHandleSchema("linkedin").nullable(),
  youtube: socialHandleSchema("youtube").nullable(),

  bioAvatar: optionalFileUrlSchema,
  bioBanner: optionalFileUrlSchema,
  backgroundImage: optionalFileUrlSchema,
  bannerBlur: sliderSchema("bannerBlur"),
  backgroundImageBlur: sliderSchema("backgroundImageBlur"),

  primaryColor: hexColorSchema,
  secondaryColor: hexColorSchema,
  boxColor: hexColorSchema,
  borderColor: hexColorSchema,
  boxShadowColor: hexColorSchema,
  themeColor: hexColorSchema,
  useThemeColorForIcons: z.boolean(),

  boxWidth: sliderSchema("boxWidth"),
  boxInnerSpacing: sliderSchema("boxInnerSpacing"),
  boxOpacity: sliderSchema("boxOpacity"),
  boxRadius: sliderSchema("boxRadius"),
  boxBlur: sliderSchema("boxBlur"),
  boxShadowOpacity: sliderSchema("boxShadowOpacity"),
  borderWidth: sliderSchema("borderWidth"),
  borderOpacity: sliderSchema("borderOpacity"),

  backgroundStyle: z.enum(BACKGROUND_STYLES, "Invalid background style"),
  cardStyle: z.enum(CARD_STYLES, "Invalid card style"),
  enterAnimation: z.enum(ENTER_ANIMATIONS, "Invalid enter animation"),
  usernameSparkles: z.enum(USERNAME_SPARKLES, "Invalid username sparkles"),

  isPublic: z.boolean(),
  showBadges: z.boolean(),
  showStats: z.boolean(),
  showOnlineStatus: z.boolean(),
  showUid: z.boolean(),
  showViews: z.boolean(),
  showAvatar: z.boolean(),
  /** null: every owned badge; a list: only those (duplicates dropped). */
  visibleBadges: z
    .array(z.enum(BADGE_TYPES, "Invalid badge type"))
    .overwrite((badges) => [...new Set(badges)])
    .nullable(),

  enableRevealScreen: z.boolean(),
  revealScreenText: optionalText(TEXT_LIMITS.revealText, "Reveal text too long").transform((text) => text || DEFAULT_REVEAL_SCREEN_TEXT),

  trackCover: optionalFileUrlSchema,
  trackAudio: optionalFileUrlSchema,
  trackUrl: emptyOr(
    urlSchema(HTTP_PROTOCOLS, { invalid: "Track URL must be an http(s) link", tooLong: "Track URL too long" }),
  ).nullable(),
  trackName: optionalText(TEXT_LIMITS.trackName, "Track name too long"),
});
export const BIO_CARD_FIELDS = bioCardSettingsSchema.keyof().options;
export type BioCardField = (typeof BIO_CARD_FIELDS)[number];

/** The fields that hold an uploaded file: only the member's own uploads may go there. */
export const FILE_FIELDS = ["bioAvatar", "bioBanner", "backgroundImage", "trackCover", "trackAudio"] as const satisfies readonly (BioCardField & FileField)[];

/** PATCH /api/bio: any subset of the card's editable fields. */
export const bioCardUpdateSchema = bioCardSettingsSchema.partial();
export type BioCardUpdateInput = z.input<typeof bioCardUpdateSchema>;
export type BioCardUpdateData = z.output<typeof bioCardUpdateSchema>;

const LINK_FIELDS_REQUIRED = "Please fill in the title and URL";
const LINK_PROTOCOLS = ["http:", "https:", "mailto:"] as const;

/**
 * An end of a link's window: ISO 8601 with an offset (or Z), stored and answered as a UTC instant,
 * within the years the database and `toISOString` both write as four digits.
 */
function scheduleEndSchema(field: string) {
  const message = `${field} must be an ISO date and time`;
  return z.iso
    .datetime({ offset: true, error: message, abort: true })
    .refine((value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 1970 && year <= 9999;
    }, message)
    // The years as written: the first and the last day are left out, where an offset may cross the bound.
    .meta({ ...ISO_DATE_TIME_WITH_OFFSET, allOf: [{ pattern: "^(?!1970-01-01T|9999-12-31T)(?:19[7-9]\\d|[2-9]\\d{3})-" }] });
}

const linkUrlSchema = urlSchema(LINK_PROTOCOLS, {
  invalid: "Link URL must start with http://, https:// or mailto:",
  tooLong: "Link URL too long",
});

/** A link's fields, each with its rule and message, shared by creating and editing a link. */
const linkFields = {
  title: z.string().trim().min(1, LINK_FIELDS_REQUIRED).max(TEXT_LIMITS.linkTitle, "Link title too long").meta(NOT_BLANK),
  url: z.string().trim().min(1, LINK_FIELDS_REQUIRED).pipe(linkUrlSchema).meta({ ...linkUrlSchema.meta() }),
  iconType: z.enum(LINK_ICON_TYPES, "Invalid icon type"),
  iconName: z.enum(BUILT_IN_LINK_ICONS, "Unknown icon"),
  iconUrl: optionalFileUrlSchema,
  isVisible: z.boolean(),
  visibleFrom: scheduleEndSchema("visibleFrom").nullable(),
  visibleUntil: scheduleEndSchema("visibleUntil").nullable(),
};

interface LinkIcon {
  iconType?: LinkIconType;
  iconName?: string | null;
  iconUrl?: string | null;
}

/** `iconName` belongs to built-in icons only, `iconUrl` to custom ones only. */
export function linkIconIssues(link: LinkIcon): { path: string; message: string }[] {
  const issues = [];
  if (link.iconType === "built-in" && link.iconUrl) issues.push({ path: "iconUrl", message: "Only custom icons have an icon URL" });
  if (link.iconType === "custom" && link.iconName) issues.push({ path: "iconName", message: "Only built-in icons have an icon name" });
  return issues;
}

const refineLinkIcon = (link: LinkIcon & Partial<LinkWindow>, ctx: z.RefinementCtx) => {
  for (const { path, message } of [...linkIconIssues(link), ...linkWindowIssues(link)]) ctx.addIssue({ code: "custom", path: [path], message });
};

/**
 * linkIconIssues as JSON Schema, with the icon type a body has when it names none (`defaultType`).
 * (The window's rule compares two times, which JSON Schema cannot.)
 */
function linkIconJsonSchema(defaultType?: LinkIconType) {
  const typeIs = (type: LinkIconType) =>
    type === defaultType ? { properties: { iconType: { const: type } } } : { properties: { iconType: { const: type } }, required: ["iconType"] };
  return {
    allOf: [
      { if: typeIs("built-in"), then: { properties: { iconUrl: { anyOf: [{ type: "null" }, { type: "string", pattern: "^\\s*$" }] } } } },
      { if: typeIs("custom"), then: { properties: { iconName: { type: "null" } } } },
    ],
  };
}

/** POST /api/user/links. */
export const userLinkCreateSchema = z
  .strictObject({
    ...linkFields,
    iconType: linkFields.iconType.default(DEFAULT_LINK_ICON_TYPE),
    iconName: linkFields.iconName.optional(),
    iconUrl: linkFields.iconUrl.optional(),
    displayOrder: z.int("Display order must be a whole number").min(0).max(MAX_DB_INTEGER).default(0),
    isVisible: linkFields.isVisible.default(true),
    visibleFrom: linkFields.visibleFrom.default(null),
    visibleUntil: linkFields.visibleUntil.default(null),
  })
  .superRefine(refineLinkIcon)
  .meta(linkIconJsonSchema(DEFAULT_LINK_ICON_TYPE));
export type UserLinkCreateInput = z.input<typeof userLinkCreateSchema>;
export type UserLinkCreateData = z.output<typeof userLinkCreateSchema>;

/**
 * PATCH /api/user/links/{id}: any subset, with the rules of creating. `iconName` and `iconUrl` take
 * null to clear, and so do `visibleFrom` and `visibleUntil`; the server checks the icon and window
 * rules again on the link as it would be after the change.
 */
export const userLinkUpdateSchema = z
  .strictObject({ ...linkFields, iconName: linkFields.iconName.nullable() })
  .partial()
  .superRefine(refineLinkIcon)
  .meta(linkIconJsonSchema());
export type UserLinkUpdateInput = z.input<typeof userLinkUpdateSchema>;
export type UserLinkUpdateData = z.output<typeof userLinkUpdateSchema>;

/**
 * The bio editor's link form (client/src/features/bio/editor/link-form.tsx) before it sends a link:
 * a title and a URL, each refused blank with LINK_FIELDS_REQUIRED (said once, under both), the icon,
 * and the window as its `datetime-local` inputs hold it ("" for an open end). The URL's form and the
 * lengths are the API's (userLinkCreateSchema), answered when the link is saved.
 */
export const linkFormSchema = z.object({
  title: z.string().trim().min(1, LINK_FIELDS_REQUIRED),
  url: z.string().trim().min(1, LINK_FIELDS_REQUIRED),
  iconType: linkFields.iconType,
  iconName: linkFields.iconName,
  iconUrl: z.string().nullable(),
  visibleFrom: z.string(),
  visibleUntil: z.string(),
});
export type LinkFormInput = z.input<typeof linkFormSchema>;
export type LinkFormData = z.output<typeof linkFormSchema>;

/** PUT /api/user/links/order: every one of the member's link ids, once each, in the new order. */
export const userLinkOrderSchema = z.strictObject({
  ids: z
    .array(z.int("Link ids are whole numbers").min(1, "Invalid link id").max(MAX_DB_INTEGER, "Invalid link id"), "ids must be a list of link ids")
    .max(MAX_LINKS_PER_USER, `You can have at most ${MAX_LINKS_PER_USER} links`)
    .refine((ids) => new Set(ids).size === ids.length, "Each link may appear only once")
    .meta({ uniqueItems: true }),
});
export type UserLinkOrderData = z.output<typeof userLinkOrderSchema>;

const ANALYTICS_DAYS_MESSAGE = `days must be one of ${ANALYTICS_PERIODS.join(", ")}`;

/** GET /api/bio/analytics?days= */
export const bioAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number(ANALYTICS_DAYS_MESSAGE)
    .pipe(z.literal(ANALYTICS_PERIODS, ANALYTICS_DAYS_MESSAGE))
    .default(DEFAULT_ANALYTICS_PERIOD)
    // zod-to-openapi writes the coercion's side of the pipe (any number).
    .meta({ type: "integer", enum: [...ANALYTICS_PERIODS], default: DEFAULT_ANALYTICS_PERIOD }),
});
