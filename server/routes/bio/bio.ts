import { Router } from "express";
import { bioAnalyticsQuerySchema, bioCardUpdateSchema, FILE_FIELDS } from "@shared/schemas/bio";
import type { BioSettingsResponse } from "@shared/types";
import { createBioCard } from "../../commands/create-bio-card";
import { updateBioCard } from "../../commands/update-bio-card";
import { notFound } from "../../errors";
import { sameForEveryone } from "../../middlewares/cache-control";
import { member, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { countsAsVisit } from "../../policies/visit";
import { presentBioAnalytics } from "../../presenters/bio-analytics";
import { bioCardAnalytics } from "../../queries/bio-analytics";
import { presentBioCard } from "../../presenters/bio-card";
import { presentUserLink } from "../../presenters/user-link";
import { findBioCardOf, findCardLink, findPublicCard, listLinksOf } from "../../queries/bio-cards";
import { originalNamesOf } from "../../queries/uploads";
import { findOwnAccount } from "../../queries/users";
import { storedNameOf, uploadUrl } from "../../uploads/files";
import { claimOwnUpload } from "../../uploads/ownership";
import type { VisitCounter } from "../../visitors/visit-counter";
import { isLinkShown } from "@shared/policies/link-schedule";
import { parseId } from "../params";
import { visitPublicCard, visitorOf, type PublicCards } from "./public-card";

const CARD_NOT_FOUND = "Bio card not found";
const LINK_NOT_FOUND = "Link not found";

/** /api/bio: the member's own card (create, settings, save) and anyone's public card. */
export function bioRouter({ db, reads, visits, cardPages, siteName }: PublicCards & { visits: VisitCounter }): Router {
  const router = Router();

  router.post("/", member, noBody, memberHandler(async (req, res) => {
    res.status(201).json(presentBioCard(await createBioCard(db, req.user.id)));
  }));

  router.get("/settings", member, memberHandler(async (req, res) => {
    const user = req.user;
    const [card, links, account] = await Promise.all([findBioCardOf(db, user.id), listLinksOf(db, user.id), findOwnAccount(db, user.id)]);
    // The card's files, shown in the editor by the names they had on the member's device.
    const files = card ? FILE_FIELDS.flatMap((field) => storedNameOf(card[field] ?? "") ?? []) : [];
    const originalNames = await originalNamesOf(db, user.id, files);
    const body: BioSettingsResponse = {
      user: { id: user.id, username: user.username, avatar: account?.avatar ?? null },
      bioCard: card ? presentBioCard(card) : null,
      userLinks: links.map(presentUserLink),
      fileNames: Object.fromEntries([...originalNames].map(([filename, name]) => [uploadUrl(filename), name])),
    };
    res.json(body);
  }));

  router.patch("/", member, memberHandler(bioCardUpdateSchema, async (req, res) => {
    const changes = req.body;
    for (const field of FILE_FIELDS) await claimOwnUpload(db, req.user.id, changes[field], field);
    const card = await updateBioCard(db, req.user.id, changes);
    if (!card) throw notFound(CARD_NOT_FOUND);
    res.json(presentBioCard(card));
  }));

  // The owner's views and clicks per day; before "/:username", which would take "analytics" as a name.
  router.get("/analytics", member, memberHandler(async (req, res) => {
    const { days } = bioAnalyticsQuerySchema.parse(req.query);
    const card = await findBioCardOf(db, req.user.id);
    if (!card) throw notFound(CARD_NOT_FOUND);
    res.json(presentBioAnalytics(await bioCardAnalytics(db, card, days)));
  }));

  // Open to everyone, signed in or not, and the same for all of them.
  router.get("/:username", sameForEveryone, async (req, res) => {
    const visit = await visitPublicCard({ db, reads, cardPages, siteName }, visits, req, String(req.params.username));
    if (!visit) throw notFound(CARD_NOT_FOUND);
    res.json(visit.card);
  });

  // The public card's click beacon (navigator.sendBeacon): anyone, no body, nothing to answer. A link
  // the card does not show now (hidden, or outside its window) is answered like a missing one.
  router.post("/:username/links/:id/click", noBody, async (req, res) => {
    const linkId = parseId(req.params.id, LINK_NOT_FOUND);
    const found = await findPublicCard(db, String(req.params.username));
    if (!found) throw notFound(CARD_NOT_FOUND);
    const { card, owner } = found;
    const link = await findCardLink(db, owner.id, linkId);
    if (!link || !isLinkShown(link)) throw notFound(LINK_NOT_FOUND);
    if (countsAsVisit(visitorOf(req), owner.id)) visits.record(req, card.id, linkId);
    res.status(204).end();
  });

  return router;
}
