/**
 * Where signing in returns to (docs/product.md "Welcome, login, register, not found, access denied,
 * banned"): `/login?next={path}`, where `next` must be a path of this site. Anything a browser could
 * read as another origin is refused: `//host`, `/\host` (backslashes are slashes to a browser), a
 * scheme (`https:`, `javascript:`), and control characters or spaces, which URL parsers drop
 * (`/\t/host` is `//host`).
 */
export const AFTER_SIGN_IN = "/dashboard";
const MAX_LENGTH = 2_048;
/** Absent control characters, whitespace and backslashes, nothing can turn `/x` into another origin. */
const UNSAFE_CHARACTER = /[\p{Cc}\s\\]/u;

export function isSitePath(value: unknown): value is string {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return false;
  if (!value.startsWith("/") || value.startsWith("//") || UNSAFE_CHARACTER.test(value)) return false;
  // A belt under the rules above: resolved against any origin, it stays on that origin.
  const base = "https://site.invalid";
  try {
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/** Where a completed sign-in goes: `next` when it is a site path, otherwise the dashboard. */
export const afterSignIn = (next: string | null | undefined): string => (isSitePath(next) ? next : AFTER_SIGN_IN);

/** The login screen that returns to `path` (its query and hash too) after signing in. */
export const loginReturningTo = (path: string): string => (isSitePath(path) && path !== "/" ? `/login?next=${encodeURIComponent(path)}` : "/login");
