import type { Request } from "express";
import { nextScheduleChange } from "@shared/policies/link-schedule";
import type { Cached } from "../../cache/shared-cache";
import { cardOwnerTag, type CardPages, type RenderedCard } from "../../card-page/card-pages";
import { renderCardPage } from "../../card-page/card-view";
import type { Db } from "../../db/client";
import type { Reads } from "../../middlewares/read-your-writes";
import { countsAsVisit, isOwnCard } from "../../policies/visit";
import { presentPublicBioCard, type PublicCardParts } from "../../presenters/public-bio-card";
import { listUserBadges } from "../../queries/badges";
import { findPublicCard, listLinksOf } from "../../queries/bio-cards";
import type { VisitCounter } from "../../visitors/visit-counter";

/** Who is visiting, as the visit rules (policies/visit.ts) need it. */
export const visitorOf = (req: Request) => ({ userId: req.user?.id, userAgent: req.get("user-agent") });

/** What a visitor of /{username} sees, before presenting (presentPublicBioCard); undefined when there is no card anyone may see. */
export async function publicCardParts(reads: Db, username: string): Promise<PublicCardParts | undefined> {
  const found = await findPublicCard(reads, username);
  if (!found) return undefined;
  const { card, owner } = found;
  const [links, badges] = await Promise.all([listLinksOf(reads, owner.id), listUserBadges(reads, owner)]);
  return { card, owner, links, badges };
}

/** Notes a view of the card for the next batch, unless it is the owner's or a bot's. */
export function noteCardView(visits: VisitCounter, req: Request, card: { cardId: number; ownerId: number }): void {
  if (countsAsVisit(visitorOf(req), card.ownerId)) visits.record(req, card.cardId);
}

/**
 * The card of `username` rendered, tagged with its owner and kept no later than the next time one
 * of its links comes into or goes out of its window; null when there is no card anyone may see.
 */
async function renderCard(db: Db, username: string, siteName: string): Promise<Cached<RenderedCard | null>> {
  const now = Date.now();
  const parts = await publicCardParts(db, username);
  if (!parts) return { value: null, tags: [], expiresAt: now };
  const card = presentPublicBioCard(parts);
  return {
    value: { cardId: parts.card.id, ownerId: parts.owner.id, card, body: renderCardPage(card, siteName) },
    tags: [cardOwnerTag(parts.owner.id)],
    expiresAt: nextScheduleChange(parts.links, now),
  };
}

export interface PublicCards {
  db: Db;
  reads: Reads;
  cardPages: CardPages;
  siteName: string;
}

/**
 * What a visitor of /{username} sees, the page and `GET /api/bio/{username}` alike, noting the
 * visit; null when there is no card anyone may see. Rendered cards are kept per process
 * (card-page/card-pages.ts): a repeat view costs no query, and shows the latest views count heard.
 */
export async function visitPublicCard({ db, reads, cardPages, siteName }: PublicCards, visits: VisitCounter, req: Request, username: string): Promise<RenderedCard | null> {
  // What is kept is read from the primary: a replica may not have the change its announcement names yet.
  const load = (forCache: boolean) => renderCard(forCache ? db : reads.for(req), username, siteName);
  let rendered = await cardPages.cache.read(username.toLowerCase(), load);
  // The owner sees their own change at once, before its announcement reaches this process.
  if (rendered && isOwnCard(visitorOf(req), rendered.ownerId)) rendered = (await load(false)).value;
  if (!rendered) return null;
  noteCardView(visits, req, rendered);
  return cardPages.views.current(rendered);
}
