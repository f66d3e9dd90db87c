import { PUBLIC_CARD_FALLBACKS } from "@shared/constants";
import { isLinkShown } from "@shared/policies/link-schedule";
import type { PublicBioCard, PublicUserLink } from "@shared/types";
import type { bioCards, userLinks, users } from "../db/schema";
import type { BadgeRow } from "../queries/badges";
import { presentBioCard } from "./bio-card";

type Owner = Pick<typeof users.$inferSelect, "id" | "username" | "avatar" | "bio" | "isOnline">;
type Link = typeof userLinks.$inferSelect;

/** What the public card is made of: the card (its views as counted now), its owner, their links and badges. */
export type PublicCardParts = { card: typeof bioCards.$inferSelect; owner: Owner; links: Link[]; badges: BadgeRow[] };

/** A visible link as the public card shows it: no owner id, order or dates. */
const presentPublicLink = ({ id, title, url, iconType, iconName, iconUrl }: Link): PublicUserLink => ({ id, title, url, iconType, iconName, iconUrl });

/**
 * The card anyone may see at /{username}: the settings with the public fallbacks for empty values,
 * the owner's identity, the links shown now (visible, inside their window) in order, and the badges the owner chose to show, by type
 * only. What the owner's switches hide is not sent at all (docs/product.md "Bio cards", "Security
 * baseline"): the stats chips (views, uid) need showStats as well as their own switch.
 */
export function presentPublicBioCard({ card, owner, links, badges }: PublicCardParts): PublicBioCard {
  const {
    id: _cardId,
    userId: _userId,
    createdAt: _created,
    updatedAt: _updated,
    isPublic: _isPublic,
    viewsCount: _views,
    hidden: _hidden,
    visibleBadges: shownTypes,
    ...settings
  } = presentBioCard(card);
  return {
    ...settings,
    boxWidth: settings.boxWidth || PUBLIC_CARD_FALLBACKS.boxWidth,
    boxInnerSpacing: settings.boxInnerSpacing ?? PUBLIC_CARD_FALLBACKS.boxInnerSpacing,
    themeColor: settings.themeColor || PUBLIC_CARD_FALLBACKS.themeColor,
    revealScreenText: settings.revealScreenText || PUBLIC_CARD_FALLBACKS.revealScreenText,
    username: owner.username,
    bioAvatar: card.showAvatar ? settings.bioAvatar : null,
    avatar: card.showAvatar ? owner.avatar : null,
    bio: owner.bio,
    ...(card.showStats && card.showUid && { uid: owner.id }),
    ...(card.showStats && card.showViews && { viewsCount: card.viewsCount }),
    ...(card.showOnlineStatus && { isOnline: owner.isOnline }),
    customLinks: links.filter((link) => isLinkShown(link)).map(presentPublicLink),
    badges: card.showBadges ? badges.filter((badge) => shownTypes === null || shownTypes.includes(badge.badgeType)).map(({ badgeType }) => ({ badgeType })) : [],
  };
}
