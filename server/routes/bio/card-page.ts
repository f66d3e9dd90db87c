import { Router, type RequestHandler } from "express";
import { isBannedNow } from "@shared/policies/banned-now";
import { pageTitle } from "@shared/page-title";
import { publicCardUsername } from "@shared/public-card-path";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Reads } from "../../middlewares/read-your-writes";
import type { CardPages } from "../../card-page/card-pages";
import { renderUserNotFound } from "../../card-page/card-view";
import { fillPage, sendPage, type PageTemplates } from "../../spa";
import type { VisitCounter } from "../../visitors/visit-counter";
import { visitPublicCard } from "./public-card";
import { bioCardShareTags } from "./share-tags";

/**
 * GET /{username} (docs/product.md "Public card page"): the card as
 * `GET /api/bio/{username}` answers it, counted as a visit, rendered to complete HTML
 * (server/card-page/) with its share tags, so it shows with no script and no further request; a
 * 404 with 'User Not Found' when there is no card anyone may see.
 * `identify` (the session) runs here only, outside /api, so the owner's own visits are not counted.
 * Rendered cards are kept per process (routes/bio/public-card.ts): a repeat view costs no query.
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
    const rendered = await visitPublicCard({ db, reads, cardPages, siteName: config.SITE_NAME }, visits, req, username);
    const card = rendered?.card;
    // The title the page's script gives it, there already for readers of the HTML alone.
    const title = pageTitle(card ? card.displayName?.trim() || card.username : "User Not Found", config.SITE_NAME);
    const tags = card ? bioCardShareTags(config, req, card) : "";
    const body = rendered ? rendered.body : renderUserNotFound();
    sendPage(res, card ? 200 : 404, fillPage(await templates.card(req), config, req, { title, tags, body }));
  });
  return router;
}
