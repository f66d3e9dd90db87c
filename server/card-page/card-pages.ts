import type { PublicBioCard } from "@shared/types";
import { SharedCache } from "../cache/shared-cache";
import type { Listener } from "../db/listener";
import { channels, listen } from "../events/channels";

/** The tag of every cached page of a member's card. */
export const cardOwnerTag = (ownerId: number) => `u${ownerId}`;

/** A card page's body as rendered, with what a request still needs: whom to count the view for, and the card for its share tags. */
export interface RenderedCard {
  cardId: number;
  ownerId: number;
  card: PublicBioCard;
  body: string;
}

// Most views are repeat views of a few cards; a rendered card is some kB.
const MAX_CARDS = 500;
/** The net for changes no trigger sees (a badge earned by time, an earlier account gone): they show within this time. */
const MAX_AGE_MS = 60_000;

export interface CardPages {
  /** Rendered cards by lowercased username; null (no card anyone may see) is never kept. */
  cache: SharedCache<RenderedCard | null>;
  close(): void;
}

/**
 * Rendered public cards, kept in this process until an announcement on card_changed names their
 * owner (docs/decisions/041): the triggers of migration 0033 announce every change to what a public
 * card shows (the card, its links, badges, its owner's name, avatar, bio, presence, posts, ban or
 * deletion, their invitees), whatever made it. Announcements come from triggers only, so this
 * process hears its own changes through the listener too, a moment after they commit; the owner's
 * own view does not wait for that (routes/bio/card-page.ts renders it afresh).
 */
export function createCardPages(listener: Listener): CardPages {
  const cache = new SharedCache<RenderedCard | null>({ maxEntries: MAX_CARDS, maxAgeMs: MAX_AGE_MS });
  void listen(listener, channels.cardChanged, {
    notify: (payload) => cache.clear(payload),
    listening: () => cache.setListening(true),
    lost: () => cache.setListening(false),
  });
  // The listener closes with the app; its subscription goes with it.
  return { cache, close: () => cache.setListening(false) };
}
