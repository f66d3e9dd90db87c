import type { Request } from "express";
import type { Db } from "../../db/client";
import { countsAsVisit } from "../../policies/visit";
import type { PublicCardParts } from "../../presenters/public-bio-card";
import { listUserBadges } from "../../queries/badges";
import { findPublicCard, listLinksOf } from "../../queries/bio-cards";
import type { VisitCounter } from "../../visitors/visit-counter";

/** Who is visiting, as the visit rules (policies/visit.ts) need it. */
export const visitorOf = (req: Request) => ({ userId: req.user?.id, userAgent: req.get("user-agent") });

/**
 * What a visitor of /{username} sees, noting the visit: the card `GET /api/bio/{username}` answers
 * and the card page embeds, each presenting it with presentPublicBioCard; undefined when there is no
 * card anyone may see. The card is read from `reads` (the replica when it may be); the visit is
 * only noted, and written with the next batch (its count shows from then on).
 */
export async function visitPublicCard(reads: Db, visits: VisitCounter, req: Request, username: string): Promise<PublicCardParts | undefined> {
  const found = await findPublicCard(reads, username);
  if (!found) return undefined;
  const { card, owner } = found;
  if (countsAsVisit(visitorOf(req), owner.id)) visits.record(req, card.id);
  const [links, badges] = await Promise.all([listLinksOf(reads, owner.id), listUserBadges(reads, owner)]);
  return { card, owner, links, badges };
}
