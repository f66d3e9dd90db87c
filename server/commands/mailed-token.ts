import { createHash, randomBytes } from "node:crypto";

/**
 * A mailed link's secret (32 random bytes, base64url) and the SHA-256 it is stored and found by: a
 * copy of the database holds no link that works (docs/decisions/038-email.md).
 */
export function newMailedToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashMailedToken(token) };
}

export function hashMailedToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
