import { RESERVED_USERNAMES, USERNAME_PATTERN } from "@shared/constants";

/** /{username}: only username-shaped paths can be a public bio card. */
export const PUBLIC_CARD_PATH = new RegExp(`^/(?<username>${USERNAME_PATTERN.source.slice(1, -1)})/?$`);

/** A path that shows a public bio card rather than one of the site's own screens. */
export function isPublicCardPath(path: string): boolean {
  const username = PUBLIC_CARD_PATH.exec(path)?.groups?.username;
  return username !== undefined && !(RESERVED_USERNAMES as readonly string[]).includes(username.toLowerCase());
}
