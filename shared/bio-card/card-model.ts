// What a card looks like, computed from its stored settings: every number within its slider range,
// every colour a validated #rrggbb, opacities as alpha hex. The editor's preview and the public page
// both render through this, so they cannot drift apart.
import type { CSSProperties } from "react";
import { BIO_CARD_DEFAULTS, BIO_SLIDER_RANGES, CARD_STYLES, PUBLIC_CARD_FALLBACKS, type BackgroundStyle, type BioSliderField, type CardStyle } from "@shared/constants";
import type { BioCardSettings, PublicBadge, PublicUserLink } from "@shared/types";
import { directAudioUrl, safeMediaUrl } from "./audio-url";
import { safeHex, withOpacity } from "./card-colors";

export type CardLookSource = Pick<
  BioCardSettings,
  | "primaryColor"
  | "secondaryColor"
  | "boxColor"
  | "borderColor"
  | "boxShadowColor"
  | "themeColor"
  | "useThemeColorForIcons"
  | "boxWidth"
  | "boxInnerSpacing"
  | "boxOpacity"
  | "boxRadius"
  | "boxBlur"
  | "boxShadowOpacity"
  | "borderWidth"
  | "borderOpacity"
  | "cardStyle"
>;

export interface CardLook {
  /** glass: translucent and blurred; solid: opaque, no blur; minimal: no box at all. */
  cardStyle: CardStyle;
  primaryColor: string;
  secondaryColor: string;
  boxColor: string;
  borderColor: string;
  boxShadowColor: string;
  themeColor: string;
  /** The colour of link and player icons: the theme colour when the member asked for it, else the text colour. */
  iconColor: string;
  boxWidth: number;
  boxInnerSpacing: number;
  boxOpacity: number;
  boxRadius: number;
  boxBlur: number;
  boxShadowOpacity: number;
  borderWidth: number;
  borderOpacity: number;
}

/** The editor shows the creation defaults for empty values; the public page its own fallbacks (400 px, 32). */
export type LookFallbacks = "editor" | "public";

function sliderValue(field: BioSliderField, value: unknown, fallback: number): number {
  const { min, max } = BIO_SLIDER_RANGES[field];
  const number = typeof value === "number" && Number.isFinite(value) ? value : fallback;
  return Math.min(max, Math.max(min, number));
}

export function cardLook(source: Partial<CardLookSource>, fallbacks: LookFallbacks = "editor"): CardLook {
  const d = BIO_CARD_DEFAULTS;
  const widthFallback = fallbacks === "public" ? PUBLIC_CARD_FALLBACKS.boxWidth : d.boxWidth;
  const spacingFallback = fallbacks === "public" ? PUBLIC_CARD_FALLBACKS.boxInnerSpacing : d.boxInnerSpacing;
  const primaryColor = safeHex(source.primaryColor, d.primaryColor);
  const themeColor = safeHex(source.themeColor, d.themeColor);
  return {
    cardStyle: CARD_STYLES.find((style) => style === source.cardStyle) ?? d.cardStyle,
    primaryColor,
    secondaryColor: safeHex(source.secondaryColor, d.secondaryColor),
    boxColor: safeHex(source.boxColor, d.boxColor),
    borderColor: safeHex(source.borderColor, d.borderColor),
    boxShadowColor: safeHex(source.boxShadowColor, d.boxShadowColor),
    themeColor,
    iconColor: source.useThemeColorForIcons ? themeColor : primaryColor,
    boxWidth: sliderValue("boxWidth", source.boxWidth || widthFallback, widthFallback),
    boxInnerSpacing: sliderValue("boxInnerSpacing", source.boxInnerSpacing, spacingFallback),
    boxOpacity: sliderValue("boxOpacity", source.boxOpacity, d.boxOpacity),
    boxRadius: sliderValue("boxRadius", source.boxRadius, d.boxRadius),
    boxBlur: sliderValue("boxBlur", source.boxBlur, d.boxBlur),
    boxShadowOpacity: sliderValue("boxShadowOpacity", source.boxShadowOpacity, d.boxShadowOpacity),
    borderWidth: sliderValue("borderWidth", source.borderWidth, d.borderWidth),
    borderOpacity: sliderValue("borderOpacity", source.borderOpacity, d.borderOpacity),
  };
}

/** The card box's inline style: size, spacing, colours with their opacities, radius, blur, border and shadow. */
export function cardBoxStyle(look: CardLook, maxWidth = look.boxWidth): CSSProperties {
  const blur = look.boxBlur > 0 && look.cardStyle === "glass" ? `blur(${look.boxBlur}px)` : undefined;
  const boxed = look.cardStyle !== "minimal";
  return {
    width: "100%",
    maxWidth: `${Math.min(maxWidth, look.boxWidth)}px`,
    padding: `${look.boxInnerSpacing}px`,
    color: look.primaryColor,
    backgroundColor: boxed ? withOpacity(look.boxColor, look.cardStyle === "solid" ? 100 : look.boxOpacity) : "transparent",
    border: boxed && look.borderWidth > 0 ? `${look.borderWidth}px solid ${withOpacity(look.borderColor, look.borderOpacity)}` : "none",
    borderRadius: `${look.boxRadius}px`,
    backdropFilter: blur,
    WebkitBackdropFilter: blur,
    boxShadow: boxed ? `0 24px 64px -12px ${withOpacity(look.boxShadowColor, look.boxShadowOpacity)}` : "none",
    // Read by the card's parts (links, chips, player) through var(--card-*).
    ["--card-primary" as string]: look.primaryColor,
    ["--card-secondary" as string]: look.secondaryColor,
    ["--card-theme" as string]: look.themeColor,
    ["--card-icon" as string]: look.iconColor,
  };
}

/**
 * The page behind the card, under the background image when there is one: a gradient or a solid
 * colour from the theme colour, or ('image') a plain dark fill.
 */
export function backgroundFill(style: BackgroundStyle | string, themeColor: string): CSSProperties {
  const theme = safeHex(themeColor, BIO_CARD_DEFAULTS.themeColor);
  if (style === "image") return { backgroundColor: "#07070b" };
  if (style === "solid") {
    return { backgroundColor: "#09090b", backgroundImage: `linear-gradient(${withOpacity(theme, 12)}, ${withOpacity(theme, 12)})` };
  }
  return {
    backgroundColor: "#07070b",
    backgroundImage: [
      `radial-gradient(120% 70% at 50% -10%, ${withOpacity(theme, 45)} 0%, transparent 60%)`,
      `radial-gradient(80% 60% at 100% 110%, ${withOpacity(theme, 25)} 0%, transparent 65%)`,
      `radial-gradient(70% 50% at -10% 100%, ${withOpacity(theme, 15)} 0%, transparent 60%)`,
    ].join(", "),
  };
}

export interface CardTrack {
  /** Where the audio plays from (already a direct, safe URL). */
  audioUrl: string;
  coverUrl: string | null;
  name: string | null;
}

/** Everything the card shows besides its look. */
export interface CardContent {
  username: string;
  uid: number;
  viewsCount: number;
  displayName: string | null;
  bioText: string | null;
  location: string | null;
  avatarUrl: string | null;
  bannerUrl: string | null;
  bannerBlur: number;
  showAvatar: boolean;
  showViews: boolean;
  showUid: boolean;
  /** The views and UID chips at all. */
  showStats: boolean;
  /** Whether the member is online; absent when the card does not show it. */
  isOnline?: boolean;
  usernameSparkles: string;
  badges: PublicBadge[];
  links: PublicUserLink[];
  track: CardTrack | null;
}

export interface CardBackground {
  style: BackgroundStyle | string;
  imageUrl: string | null;
  blur: number;
  themeColor: string;
}

/** The card's own fields that decide what it shows (settings or public card alike). */
export type CardContentSource = Pick<
  BioCardSettings,
  | "displayName"
  | "bioText"
  | "location"
  | "bioAvatar"
  | "bioBanner"
  | "bannerBlur"
  | "showAvatar"
  | "showViews"
  | "showUid"
  | "showStats"
  | "usernameSparkles"
  | "trackAudio"
  | "trackUrl"
  | "trackCover"
  | "trackName"
>;

export interface CardIdentity {
  username: string;
  /** Absent when the server leaves them out of a public card (the owner switched them off). */
  uid?: number;
  viewsCount?: number;
  isOnline?: boolean;
  /** The member's profile avatar and bio, used where the card has none of its own. */
  profileAvatar: string | null;
  profileBio: string | null;
  badges: PublicBadge[];
  links: PublicUserLink[];
}

const blurValue = (field: "bannerBlur" | "backgroundImageBlur", value: unknown) => sliderValue(field, value, 0);

/**
 * What the card shows: its texts, the card avatar else the profile avatar, the banner, the flags
 * (absent ones read as the defaults), and the track when an uploaded file or a track URL gives it
 * audio (the uploaded file wins; storage links are made direct).
 */
export function cardContent(source: Partial<CardContentSource>, identity: CardIdentity): CardContent {
  const audioUrl = directAudioUrl(source.trackAudio) ?? directAudioUrl(source.trackUrl);
  return {
    username: identity.username,
    uid: identity.uid ?? 0,
    viewsCount: identity.viewsCount ?? 0,
    displayName: source.displayName?.trim() || null,
    bioText: source.bioText?.trim() || identity.profileBio?.trim() || null,
    location: source.location?.trim() || null,
    avatarUrl: safeMediaUrl(source.bioAvatar) ?? safeMediaUrl(identity.profileAvatar),
    bannerUrl: safeMediaUrl(source.bioBanner),
    bannerBlur: blurValue("bannerBlur", source.bannerBlur),
    showAvatar: source.showAvatar ?? PUBLIC_CARD_FALLBACKS.showAvatar,
    showViews: identity.viewsCount !== undefined && (source.showViews ?? PUBLIC_CARD_FALLBACKS.showViews),
    showUid: identity.uid !== undefined && (source.showUid ?? PUBLIC_CARD_FALLBACKS.showUid),
    showStats: source.showStats ?? true,
    isOnline: identity.isOnline,
    usernameSparkles: source.usernameSparkles ?? "none",
    badges: identity.badges,
    links: identity.links,
    track: audioUrl ? { audioUrl, coverUrl: safeMediaUrl(source.trackCover), name: source.trackName?.trim() || null } : null,
  };
}

export function cardBackground(
  source: Partial<Pick<BioCardSettings, "backgroundStyle" | "backgroundImage" | "backgroundImageBlur" | "themeColor">>,
): CardBackground {
  return {
    style: source.backgroundStyle ?? BIO_CARD_DEFAULTS.backgroundStyle,
    imageUrl: safeMediaUrl(source.backgroundImage),
    blur: blurValue("backgroundImageBlur", source.backgroundImageBlur),
    themeColor: safeHex(source.themeColor, BIO_CARD_DEFAULTS.themeColor),
  };
}
