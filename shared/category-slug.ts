import { CATEGORY_LIMITS } from "./constants";

/** When a name has no letter or digit of a-z0-9 ("!!!", "Новости"), its slug starts from this. */
const FALLBACK_SLUG = "category";

/**
 * A category's slug before clashes are settled: the name in lowercase, each run of characters other
 * than a-z and 0-9 as one `-`, none at either end ("Show & Tell!" → "show-tell"). A slug already
 * taken gets `-2`, `-3`, … (server/commands/categories.ts).
 */
export function categorySlugBase(name: string): string {
  // Lowercasing can lengthen a name ("İ" is two characters in lowercase): cut to a name's length.
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, CATEGORY_LIMITS.name).replace(/^-+|-+$/g, "");
  return slug || FALLBACK_SLUG;
}
