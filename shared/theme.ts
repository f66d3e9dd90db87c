/**
 * The site's looks (docs/product.md "Client behaviour"): `dark` is the default, `system` follows the device's
 * `prefers-color-scheme`. Written once here for the server, the client and the database's check
 * constraint.
 */
export const THEMES = ["dark", "light", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "dark";
