import { siteOrigin } from "@/lib/site";

/** A member's public card path, /{username}. */
export const cardPath = (username: string) => `/${encodeURIComponent(username)}`;

/** The card's URL to share: on PUBLIC_URL when the site has one (docs/product.md "Security baseline"). */
export const cardUrl = (username: string) => `${siteOrigin}${cardPath(username)}`;
