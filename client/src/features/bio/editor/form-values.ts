// The editor's form: the card's editable fields as the controls hold them (text fields as strings,
// "" for none), and the way back from a saved card.
import { FILE_FIELDS } from "@shared/schemas/bio";
import type { BioCard, BioCardSettings } from "@shared/types";

/** Fields the editor has no control for; the save sends them back as loaded (save-payload.ts). */
type UneditedField = "website" | "twitter" | "github" | "discord" | "telegram" | "instagram" | "linkedin" | "youtube";

/** A text or file field is held as a string ("" for none); every other value as the card has it. */
type FormValue<T> = [T] extends [string | null] ? (null extends T ? string : T) : T;

/** The card's edited fields as the controls hold them, derived from the card's one field list. */
export type BioFormValues = { [Field in Exclude<keyof BioCardSettings, UneditedField>]: FormValue<BioCardSettings[Field]> };

export const TOGGLE_FIELDS = [
  "showUid",
  "showViews",
  "showAvatar",
  "isPublic",
  "showBadges",
  "showStats",
  "showOnlineStatus",
  "enableRevealScreen",
  "useThemeColorForIcons",
] as const satisfies readonly (keyof BioFormValues)[];

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
  isPublic: "basic",
  showBadges: "basic",
  showStats: "basic",
  showOnlineStatus: "basic",
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
  cardStyle: "colors",
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
    isPublic: card.isPublic,
    showBadges: card.showBadges,
    showStats: card.showStats,
    showOnlineStatus: card.showOnlineStatus,
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
    cardStyle: card.cardStyle,
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
