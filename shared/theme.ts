/**
 * The site's looks (docs/product.md "Client behaviour"): `system`, the default for
 * visitors and new accounts, follows the device's `prefers-color-scheme`. Written once here for the
 * server, the client and the database's column default and check constraint.
 */
export const THEMES = ["dark", "light", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "system";
