import type { Request } from "express";
import type { Db } from "../../db/client";
import { countsAsVisit } from "../../policies/visit";
import type { PublicCardParts } from "../../presenters/public-bio-card";
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
 * What a visitor of /{username} sees, noting the visit: the card `GET /api/bio/{username}` answers.
 * The card is read from `reads` (the replica when it may be); the visit is only noted, and written
 * with the next batch (its count shows from then on).
 */
export async function visitPublicCard(reads: Db, visits: VisitCounter, req: Request, username: string): Promise<PublicCardParts | undefined> {
  const parts = await publicCardParts(reads, username);
  if (parts) noteCardView(visits, req, { cardId: parts.card.id, ownerId: parts.owner.id });
  return parts;
}
