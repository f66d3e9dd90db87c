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
/** Cards whose latest count is remembered: a number each, heard for every card viewed anywhere. */
const MAX_COUNTS = 10_000;
/** The net for changes no trigger sees (a badge earned by time, an earlier account gone): they show within this time. */
const MAX_AGE_MS = 60_000;

export interface CardPages {
  /** Rendered cards by lowercased username; null (no card anyone may see) is never kept. */
  cache: SharedCache<RenderedCard | null>;
  /** The latest views counts heard, which a kept page shows in place of the count it was rendered with. */
  views: CardViews;
  close(): void;
}

/** How a rendered card shows its count (shared/bio-card/card-view.tsx). */
const viewsMarkup = (count: number) => `<span data-card-views="true">${count.toLocaleString("en-US")}</span>`;

/**
 * Views counts by card id, as batches write them: this process's own batches note theirs
 * (visitors/visit-counter.ts), the others' arrive on card_views. Counts only grow, so the larger of
 * the kept page's and the heard one is the newer.
 */
export class CardViews {
  private readonly counts = new Map<number, number>();

  note(cardId: number, count: number): void {
    if ((this.counts.get(cardId) ?? -1) >= count) return;
    this.counts.delete(cardId);
    this.counts.set(cardId, count);
    if (this.counts.size > MAX_COUNTS) this.counts.delete(this.counts.keys().next().value!);
  }

  /** The rendered card with the latest count heard, in its answer and its page alike. */
  current(rendered: RenderedCard): RenderedCard {
    const shown = rendered.card.viewsCount;
    const latest = this.counts.get(rendered.cardId);
    if (shown === undefined || latest === undefined || latest <= shown) return rendered;
    return { ...rendered, card: { ...rendered.card, viewsCount: latest }, body: rendered.body.replace(viewsMarkup(shown), viewsMarkup(latest)) };
  }
}

/**
 * Rendered public cards, kept in this process until an announcement on card_changed names their
 * owner (docs/decisions/041): the triggers of migration 0033 announce every change to what a public
 * card shows (the card, its links, badges, its owner's name, avatar, bio, presence, posts, ban or
 * deletion, their invitees), whatever made it. Announcements come from triggers only, so this
 * process hears its own changes through the listener too, a moment after they commit; the owner's
 * own view does not wait for that (routes/bio/card-page.ts renders it afresh). A batch of counted
 * views changes the count alone: it arrives on card_views and leaves the page kept (a widely shared
 * card would otherwise be rendered again with every batch).
 */
export function createCardPages(listener: Listener): CardPages {
  const cache = new SharedCache<RenderedCard | null>({ maxEntries: MAX_CARDS, maxAgeMs: MAX_AGE_MS });
  const views = new CardViews();
  void listen(listener, channels.cardChanged, {
    notify: (payload) => cache.clear(payload),
    listening: () => cache.setListening(true),
    lost: () => cache.setListening(false),
  });
  void listen(listener, channels.cardViews, {
    notify: (payload) => {
      const [cardId, count] = payload.split(":").map(Number);
      views.note(cardId!, count!);
    },
  });
  // The listener closes with the app; its subscription goes with it.
  return { cache, views, close: () => cache.setListening(false) };
}
