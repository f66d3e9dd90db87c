import { RESERVED_USERNAMES, USERNAME_PATTERN } from "./constants";

/** /{username}: only username-shaped paths can be a public bio card. */
export const PUBLIC_CARD_PATH = new RegExp(`^/(?<username>${USERNAME_PATTERN.source.slice(1, -1)})/?$`);

/**
 * The username a path shows the public card of, or undefined for the site's own screens (reserved
 * names): the client's router and the server's card page (server/routes/bio/card-page.ts) agree.
 */
export function publicCardUsername(path: string): string | undefined {
  const username = PUBLIC_CARD_PATH.exec(path)?.groups?.username;
  return username !== undefined && !(RESERVED_USERNAMES as readonly string[]).includes(username.toLowerCase()) ? username : undefined;
}

/** A path that shows a public bio card rather than one of the site's own screens. */
export const isPublicCardPath = (path: string) => publicCardUsername(path) !== undefined;
