import type { Request } from "express";
import { RESERVED_USERNAMES, USERNAME_PATTERN } from "@shared/constants";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { escapeHtml } from "../../html";
import { findPublicCard } from "../../queries/bio-cards";
import { siteOrigin } from "../../site-origin";

/**
 * Open Graph and Twitter card tags for /{username}, so a shared link unfurls with the member's
 * card (docs/product.md "Bio cards"). Empty for any other page or a card nobody may see.
 */
export async function bioCardShareTags(db: Db, config: Config, req: Request): Promise<string> {
  const username = req.path.slice(1).replace(/\/$/, "");
  if (!USERNAME_PATTERN.test(username) || (RESERVED_USERNAMES as readonly string[]).includes(username.toLowerCase())) return "";
  const found = await findPublicCard(db, username);
  if (!found) return "";
  const { card, owner } = found;
  const origin = siteOrigin(config, req);
  // The showAvatar switch hides the avatar from link previews too.
  const image = card.showAvatar ? (card.bioAvatar ?? owner.avatar) : null;
  const title = card.displayName || owner.username;
  const description = card.bioText || owner.bio || `${owner.username} on ${config.SITE_NAME}`;
  const tags: [string, string, string][] = [
    ["property", "og:type", "profile"],
    ["property", "og:site_name", config.SITE_NAME],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", `${origin}/${owner.username}`],
    ["name", "twitter:card", image ? "summary_large_image" : "summary"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "theme-color", card.themeColor],
    ["name", "description", description],
  ];
  if (image) {
    const absolute = new URL(image, origin).toString();
    tags.push(["property", "og:image", absolute], ["name", "twitter:image", absolute]);
  }
  return tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`).join("\n    ");
}
