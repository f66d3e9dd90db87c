// The body of PATCH /api/bio as docs/product.md "Bio cards" shapes it.
import type { BioCardUpdateInput } from "@shared/schemas/bio";
import type { BioCard } from "@shared/types";
import type { BioFormValues } from "./form-values";

/**
 * Fields the editor has no control for, sent back as they were loaded ("Save sends all fields"),
 * and the saved location (to tell "left empty" from "cleared").
 */
export type UneditedCardFields = Pick<
  BioCard,
  "website" | "twitter" | "github" | "discord" | "telegram" | "instagram" | "linkedin" | "youtube" | "location"
>;

const emptyAsNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * Every field of the card except id, username and viewsCount: empty images are sent as "", empty track
 * cover, audio, name and URL as null, and an empty location is left out — unless the member just
 * cleared a saved one, which is sent as null so clearing works.
 */
export function bioSavePayload(values: BioFormValues, unedited: UneditedCardFields): BioCardUpdateInput {
  const location = values.location.trim();
  return {
    displayName: values.displayName,
    bioText: values.bioText,
    ...(location ? { location } : unedited.location ? { location: null } : {}),
    bioAvatar: values.bioAvatar.trim(),
    bioBanner: values.bioBanner.trim(),
    backgroundImage: values.backgroundImage.trim(),
    bannerBlur: values.bannerBlur,
    backgroundImageBlur: values.backgroundImageBlur,
    showUid: values.showUid,
    showViews: values.showViews,
    showAvatar: values.showAvatar,
    isPublic: values.isPublic,
    showBadges: values.showBadges,
    showStats: values.showStats,
    showOnlineStatus: values.showOnlineStatus,
    enableRevealScreen: values.enableRevealScreen,
    revealScreenText: values.revealScreenText,
    enterAnimation: values.enterAnimation,
    usernameSparkles: values.usernameSparkles,
    visibleBadges: values.visibleBadges,

    primaryColor: values.primaryColor.trim(),
    secondaryColor: values.secondaryColor.trim(),
    boxColor: values.boxColor.trim(),
    borderColor: values.borderColor.trim(),
    boxShadowColor: values.boxShadowColor.trim(),
    themeColor: values.themeColor.trim(),
    useThemeColorForIcons: values.useThemeColorForIcons,
    backgroundStyle: values.backgroundStyle,
    cardStyle: values.cardStyle,

    boxWidth: values.boxWidth,
    boxInnerSpacing: values.boxInnerSpacing,
    boxOpacity: values.boxOpacity,
    boxRadius: values.boxRadius,
    boxBlur: values.boxBlur,
    boxShadowOpacity: values.boxShadowOpacity,
    borderWidth: values.borderWidth,
    borderOpacity: values.borderOpacity,

    trackCover: emptyAsNull(values.trackCover),
    trackAudio: emptyAsNull(values.trackAudio),
    trackName: emptyAsNull(values.trackName),
    trackUrl: emptyAsNull(values.trackUrl),

    website: unedited.website,
    twitter: unedited.twitter,
    github: unedited.github,
    discord: unedited.discord,
    telegram: unedited.telegram,
    instagram: unedited.instagram,
    linkedin: unedited.linkedin,
    youtube: unedited.youtube,
  };
}
