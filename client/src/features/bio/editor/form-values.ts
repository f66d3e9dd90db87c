// The editor's form: the card's editable fields as the controls hold them (text fields as strings,
// "" for none), and the way back from a saved card.
import type { BackgroundStyle, BadgeType, EnterAnimation, UsernameSparkles } from "@shared/constants";
import type { BioCard } from "@shared/types";

export interface BioFormValues {
  // Basic
  displayName: string;
  bioText: string;
  location: string;
  bioAvatar: string;
  bioBanner: string;
  backgroundImage: string;
  bannerBlur: number;
  backgroundImageBlur: number;
  showUid: boolean;
  showViews: boolean;
  showAvatar: boolean;
  enableRevealScreen: boolean;
  revealScreenText: string;
  enterAnimation: EnterAnimation;
  usernameSparkles: UsernameSparkles;
  /** null: every owned badge is shown. */
  visibleBadges: BadgeType[] | null;
  // Colors
  primaryColor: string;
  secondaryColor: string;
  boxColor: string;
  borderColor: string;
  boxShadowColor: string;
  themeColor: string;
  useThemeColorForIcons: boolean;
  backgroundStyle: BackgroundStyle;
  // Dimensions
  boxWidth: number;
  boxInnerSpacing: number;
  boxOpacity: number;
  boxRadius: number;
  boxBlur: number;
  boxShadowOpacity: number;
  borderWidth: number;
  borderOpacity: number;
  // Music
  trackCover: string;
  trackAudio: string;
  trackName: string;
  trackUrl: string;
}

export const FILE_FIELDS = ["bioAvatar", "bioBanner", "backgroundImage", "trackCover", "trackAudio"] as const satisfies readonly (keyof BioFormValues)[];
export const TOGGLE_FIELDS = ["showUid", "showViews", "showAvatar", "enableRevealScreen", "useThemeColorForIcons"] as const satisfies readonly (keyof BioFormValues)[];

export type BioFormTab = "basic" | "colors" | "dimensions" | "music" | "links";

/** Which tab holds each field, to open it when that field has an error. */
export const FIELD_TABS: Record<keyof BioFormValues, BioFormTab> = {
  displayName: "basic",
  bioText: "basic",
  location: "basic",
  bioAvatar: "basic",
  bioBanner: "basic",
  backgroundImage: "basic",
  bannerBlur: "basic",
  backgroundImageBlur: "basic",
  showUid: "basic",
  showViews: "basic",
  showAvatar: "basic",
  enableRevealScreen: "basic",
  revealScreenText: "basic",
  enterAnimation: "basic",
  usernameSparkles: "basic",
  visibleBadges: "basic",
  primaryColor: "colors",
  secondaryColor: "colors",
  boxColor: "colors",
  borderColor: "colors",
  boxShadowColor: "colors",
  themeColor: "colors",
  useThemeColorForIcons: "colors",
  backgroundStyle: "colors",
  boxWidth: "dimensions",
  boxInnerSpacing: "dimensions",
  boxOpacity: "dimensions",
  boxRadius: "dimensions",
  boxBlur: "dimensions",
  boxShadowOpacity: "dimensions",
  borderWidth: "dimensions",
  borderOpacity: "dimensions",
  trackCover: "music",
  trackAudio: "music",
  trackName: "music",
  trackUrl: "music",
};

export function isFormField(name: string): name is keyof BioFormValues {
  return Object.hasOwn(FIELD_TABS, name);
}

/** The form's values for a stored card (null text and file fields become ""). */
export function toFormValues(card: BioCard): BioFormValues {
  return {
    displayName: card.displayName ?? "",
    bioText: card.bioText ?? "",
    location: card.location ?? "",
    bioAvatar: card.bioAvatar ?? "",
    bioBanner: card.bioBanner ?? "",
    backgroundImage: card.backgroundImage ?? "",
    bannerBlur: card.bannerBlur,
    backgroundImageBlur: card.backgroundImageBlur,
    showUid: card.showUid,
    showViews: card.showViews,
    showAvatar: card.showAvatar,
    enableRevealScreen: card.enableRevealScreen,
    revealScreenText: card.revealScreenText ?? "",
    enterAnimation: card.enterAnimation,
    usernameSparkles: card.usernameSparkles,
    visibleBadges: card.visibleBadges,
    primaryColor: card.primaryColor,
    secondaryColor: card.secondaryColor,
    boxColor: card.boxColor,
    borderColor: card.borderColor,
    boxShadowColor: card.boxShadowColor,
    themeColor: card.themeColor,
    useThemeColorForIcons: card.useThemeColorForIcons,
    backgroundStyle: card.backgroundStyle,
    boxWidth: card.boxWidth,
    boxInnerSpacing: card.boxInnerSpacing,
    boxOpacity: card.boxOpacity,
    boxRadius: card.boxRadius,
    boxBlur: card.boxBlur,
    boxShadowOpacity: card.boxShadowOpacity,
    borderWidth: card.borderWidth,
    borderOpacity: card.borderOpacity,
    trackCover: card.trackCover ?? "",
    trackAudio: card.trackAudio ?? "",
    trackName: card.trackName ?? "",
    trackUrl: card.trackUrl ?? "",
  };
}

/**
 * The form after a save (docs/product.md "Bio cards"): the file fields and the toggles as the server
 * stored them, every other field as the member left it.
 */
export function resyncAfterSave(current: BioFormValues, saved: BioCard): BioFormValues {
  const stored = toFormValues(saved);
  const next = { ...current };
  for (const field of FILE_FIELDS) next[field] = stored[field];
  for (const field of TOGGLE_FIELDS) next[field] = stored[field];
  return next;
}
