import { PUBLIC_CARD_FALLBACKS } from "@shared/constants";
import type { PublicBioCard, UserBadge, UserLink } from "@shared/types";
import type { bioCards, users } from "../db/schema";
import { presentBioCard } from "./bio-card";

type Owner = Pick<typeof users.$inferSelect, "id" | "username" | "avatar" | "bio" | "isOnline">;

/**
 * The card anyone may see at /{username}: the settings with the public fallbacks for empty values,
 * the owner's identity, visible links in order, and the badges the owner chose to show. What the
 * owner's switches hide is not sent at all (docs/product.md "Bio cards").
 */
export function presentPublicBioCard(card: typeof bioCards.$inferSelect, owner: Owner, links: UserLink[], badges: UserBadge[]): PublicBioCard {
  const { id: _cardId, userId: _userId, createdAt: _created, updatedAt: _updated, isPublic: _isPublic, viewsCount: _views, ...settings } = presentBioCard(card);
  const shownTypes = card.visibleBadges;
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
    ...(card.showUid && { uid: owner.id }),
    ...(card.showViews && { viewsCount: card.viewsCount }),
    ...(card.showOnlineStatus && { isOnline: owner.isOnline }),
    customLinks: links.filter((link) => link.isVisible),
    badges: card.showBadges ? badges.filter((badge) => shownTypes === null || shownTypes.includes(badge.badgeType)) : [],
  };
}
