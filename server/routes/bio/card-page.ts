import type { Request } from "express";
import { pageTitle } from "@shared/page-title";
import { publicCardUsername } from "@shared/public-card-path";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { CardPage } from "../../spa";
import { showPublicCard } from "./public-card";
import { bioCardShareTags } from "./share-tags";

/**
 * The page of /{username} (docs/product.md "Speed"): the card as the API would answer it, counted as a
 * visit, embedded in the card entry with its share tags; null when there is no card anyone may see.
 * Undefined for any path that is one of the site's own screens.
 */
export function publicCardPage(db: Db, config: Config): CardPage {
  return async (req: Request) => {
    const username = publicCardUsername(req.path);
    if (username === undefined) return undefined;
    const card = (await showPublicCard(db, req, username)) ?? null;
    // The title the page's script gives it, there already for readers of the HTML alone.
    const title = pageTitle(card ? card.displayName?.trim() || card.username : "User Not Found", config.SITE_NAME);
    return { card, title, tags: card ? bioCardShareTags(config, req, card) : "" };
  };
}
