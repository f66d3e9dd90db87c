import { Router } from "express";
import type { Config } from "../../config";

/** The app's colours behind its icon and bars: the default (dark) theme's background. */
const BACKGROUND = "#0b0c12";

/**
 * GET /manifest.webmanifest: what makes the site installable (docs/product.md "Watching, push and install"), named after
 * SITE_NAME, so it is served rather than a file; icons are client/public/icons (the maskable one
 * keeps its mark inside the middle 80 %, the safe zone).
 */
export function webManifestRouter(config: Pick<Config, "SITE_NAME">): Router {
  const router = Router();
  const manifest = JSON.stringify({
    name: config.SITE_NAME,
    short_name: config.SITE_NAME,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: BACKGROUND,
    theme_color: BACKGROUND,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  });
  router.get("/manifest.webmanifest", (_req, res) => {
    res.type("application/manifest+json").setHeader("Cache-Control", "no-cache");
    res.send(manifest);
  });
  return router;
}
