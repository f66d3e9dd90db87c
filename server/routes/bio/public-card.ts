import type { Request } from "express";
import { countCardView } from "../../commands/count-visit";
import type { Db } from "../../db/client";
import { countsAsVisit } from "../../policies/visit";
import type { PublicCardParts } from "../../presenters/public-bio-card";
import { listUserBadges } from "../../queries/badges";
import { findPublicCard, listLinksOf } from "../../queries/bio-cards";
import { visitorKeys } from "../../visitors/visitor-keys";

/** Who is visiting, as the visit rules (policies/visit.ts) need it. */
export const visitorOf = (req: Request) => ({ userId: req.user?.id, userAgent: req.get("user-agent") });

/**
 * What a visitor of /{username} sees, counting the visit: the card `GET /api/bio/{username}` answers
 * and the card page embeds, each presenting it with presentPublicBioCard; undefined when there is no
 * card anyone may see. The card is read from `reads` (the replica when it may be); the visit is
 * counted on `db`.
 */
export async function visitPublicCard(db: Db, reads: Db, req: Request, username: string): Promise<PublicCardParts | undefined> {
  const found = await findPublicCard(reads, username);
  if (!found) return undefined;
  const { card, owner } = found;
  const viewsCount = countsAsVisit(visitorOf(req), owner.id) ? await countCardView(db, card, await visitorKeys(db, req)) : card.viewsCount;
  const [links, badges] = await Promise.all([listLinksOf(reads, owner.id), listUserBadges(reads, owner)]);
  return { card: { ...card, viewsCount }, owner, links, badges };
}
