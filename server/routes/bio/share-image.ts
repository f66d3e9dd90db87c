import { Router, type RequestHandler } from "express";
import { publicCardUsername } from "@shared/public-card-path";
import type { Reads } from "../../middlewares/read-your-writes";
import { findPublicCard } from "../../queries/bio-cards";
import { renderShareImage } from "../../share-image/render";
import { avatarForShareImage, shareImageVersion } from "../../share-image/share-card";
import { ShareImages } from "../../share-image/share-images";
import type { UploadStorage } from "../../uploads/storage";

/**
 * GET /{username}/og.png (docs/product.md "Public card page"): the card's share
 * image, made from the card as anyone sees it; 404 (nothing) for a private, banned or missing card.
 * Its ETag is the card version's key, so a matching If-None-Match gets 304 before anything is drawn,
 * and a changed card gets a new image. Images are kept per process (ShareImages) and renders are
 * bounded: two at a time, a few waiting, the rest answered 503.
 */
export function shareImageRouter({ reads, storage, limit }: { reads: Reads; storage: UploadStorage; limit: RequestHandler }): Router {
  const router = Router();
  const images = new ShareImages({ entries: 200, slots: 2, maxWaiting: 8 });
  const isCardPath: RequestHandler = (req, _res, next) => next(publicCardUsername(`/${String(req.params.username)}`) === undefined ? "route" : undefined);

  router.get("/:username/og.png", isCardPath, limit, async (req, res) => {
    const found = await findPublicCard(reads.for(req), String(req.params.username));
    if (!found) return res.status(404).set("Cache-Control", "no-cache").type("text/plain").send("Not found");
    const version = shareImageVersion(found.card, found.owner);
    // Shared caches may keep it, but must ask again: the card can change at any time.
    res.set({ ETag: `"${version.key}"`, "Cache-Control": "public, no-cache" });
    if (req.fresh) return res.status(304).end();
    const png = await images.png(version.key, async () => renderShareImage({ ...version.card, avatar: await avatarForShareImage(storage, version.avatarUrl) }));
    res.type("png").send(png);
  });
  return router;
}
