/**
 * What an access token may not reach, whatever its scopes (docs/product.md "Accounts and sessions"): the
 * tokens themselves, and what guards the account (password, email, two-factor, sessions, export,
 * deletion). Sign-in, registration and sign-out make or end a cookie session, which a bearer call
 * never has: refused too. Every route only staff or administrators may call refuses tokens in its
 * guard (middlewares/guards.ts), wherever it lives. `path` is the one the router matches (parsed,
 * without query or fragment), matched as Express routes it (case-insensitively, with or without a
 * trailing slash).
 */
const REFUSED_FAMILIES = /^\/api\/(?:tokens|auth\/2fa|auth\/passkeys?|auth\/sessions|auth\/export|auth\/change-password|auth\/confirm|auth\/login|auth\/logout|auth\/register)(?:\/|$)/i;
const ACCOUNT_DELETION = /^\/api\/auth\/account\/*$/i;
const PROFILE = /^\/api\/auth\/profile\/*$/i;
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const TOKEN_REFUSED = "Not available with an access token";
export const TOKEN_READ_ONLY = "This token is read-only";

/** Why a bearer call is refused (a 403), or undefined when its token may make it. */
export function accessTokenRefusal(call: { method: string; path: string; body: unknown; scopes: readonly string[] }): string | undefined {
  const { method, path, body, scopes } = call;
  if (REFUSED_FAMILIES.test(path)) return TOKEN_REFUSED;
  if (method === "DELETE" && ACCOUNT_DELETION.test(path)) return TOKEN_REFUSED;
  // The email is how a password reset reaches its owner: changing it is taking the account.
  if (PROFILE.test(path) && !READ_METHODS.has(method) && typeof body === "object" && body !== null && Object.hasOwn(body, "email")) return TOKEN_REFUSED;
  if (!READ_METHODS.has(method) && !scopes.includes("write")) return TOKEN_READ_ONLY;
  return undefined;
}
