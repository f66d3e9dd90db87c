import { Router, type RequestHandler } from "express";
import { isBannedNow } from "@shared/policies/banned-now";
import { nextScheduleChange } from "@shared/policies/link-schedule";
import { pageTitle } from "@shared/page-title";
import { publicCardUsername } from "@shared/public-card-path";
import type { Cached } from "../../cache/shared-cache";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Reads } from "../../middlewares/read-your-writes";
import { cardOwnerTag, type CardPages, type RenderedCard } from "../../card-page/card-pages";
import { renderCardPage, renderUserNotFound } from "../../card-page/card-view";
import { presentPublicBioCard } from "../../presenters/public-bio-card";
import { fillPage, sendPage, type PageTemplates } from "../../spa";
import type { VisitCounter } from "../../visitors/visit-counter";
import { isOwnCard } from "../../policies/visit";
import { noteCardView, publicCardParts, visitorOf } from "./public-card";
import { bioCardShareTags } from "./share-tags";

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

/**
 * GET /{username} (docs/product.md "Public card page"): the card as
 * `GET /api/bio/{username}` answers it, counted as a visit, rendered to complete HTML
 * (server/card-page/) with its share tags, so it shows with no script and no further request; a
 * 404 with 'User Not Found' when there is no card anyone may see.
 * `identify` (the session) runs here only, outside /api, so the owner's own visits are not counted.
 * Rendered cards are kept per process (card-page/card-pages.ts): a repeat view costs no query.
 * A banned member gets the app's page, which shows them the banned screen whatever the name (third
 * contract, "Changes to earlier sections"). The site's own screens (reserved names) fall through to
 * the app's page.
 */
export function cardPageRouter({ db, reads, cardPages, visits, config, templates, limit, identify }: { db: Db; reads: Reads; cardPages: CardPages; visits: VisitCounter; config: Config; templates: PageTemplates; limit: RequestHandler; identify: RequestHandler[] }): Router {
  const router = Router();
  const isCardPath: RequestHandler = (req, _res, next) => next(publicCardUsername(req.path) === undefined ? "route" : undefined);
  // One segment in the router (its inventory names it "get /:username"); isCardPath checks the shape.
  router.get("/:username", isCardPath, limit, ...identify, async (req, res) => {
    const username = publicCardUsername(req.path)!;
    if (req.user && isBannedNow(req.user)) return sendPage(res, 403, fillPage(await templates.app(req), config, req));
    // What is kept is read from the primary: a replica may not have the change its announcement names yet.
    const load = (forCache: boolean) => renderCard(forCache ? db : reads.for(req), username, config.SITE_NAME);
    let rendered = await cardPages.cache.read(username.toLowerCase(), load);
    // The owner sees their own change at once, before its announcement reaches this process.
    if (rendered && isOwnCard(visitorOf(req), rendered.ownerId)) rendered = (await load(false)).value;
    if (rendered) noteCardView(visits, req, rendered);
    const card = rendered?.card;
    // The title the page's script gives it, there already for readers of the HTML alone.
    const title = pageTitle(card ? card.displayName?.trim() || card.username : "User Not Found", config.SITE_NAME);
    const tags = card ? bioCardShareTags(config, req, card) : "";
    const body = rendered ? rendered.body : renderUserNotFound();
    sendPage(res, card ? 200 : 404, fillPage(await templates.card(req), config, req, { title, tags, body }));
  });
  return router;
}
