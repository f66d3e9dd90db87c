import type { Request } from "express";
import type { PublicBioCard } from "@shared/types";
import type { Config } from "../../config";
import { escapeHtml } from "../../html";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "../../share-image/render";
import { siteOrigin } from "../../site-origin";

/**
 * Open Graph and Twitter card tags for /{username}, so a shared link unfurls with the member's
 * card (docs/product.md "Bio cards"). Built from the card as anyone may see it, so what the owner's
 * switches hide (the avatar) is absent here too.
 */
export function bioCardShareTags(config: Config, req: Request, card: PublicBioCard): string {
  const origin = siteOrigin(config, req);
  // Always the card's own share image (routes/bio/share-image.ts), avatar or not.
  const image = `${origin}/${card.username}/og.png`;
  const title = card.displayName || card.username;
  const description = card.bioText || card.bio || `${card.username} on ${config.SITE_NAME}`;
  const tags: [string, string, string][] = [
    ["property", "og:type", "profile"],
    ["property", "og:site_name", config.SITE_NAME],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", `${origin}/${card.username}`],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "theme-color", card.themeColor],
    ["name", "description", description],
    ["property", "og:image", image],
    ["property", "og:image:width", String(SHARE_IMAGE_WIDTH)],
    ["property", "og:image:height", String(SHARE_IMAGE_HEIGHT)],
    ["property", "og:image:alt", `${title}'s card`],
    ["name", "twitter:image", image],
  ];
  return tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`).join("\n    ");
}
