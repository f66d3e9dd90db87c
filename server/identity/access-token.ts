import { createHash, randomBytes } from "node:crypto";
import type { Request } from "express";
import { ACCESS_TOKEN_PREFIX } from "@shared/schemas/access-tokens";

/** 32 random bytes, base64url: 43 characters after the prefix. */
const SECRET_BYTES = 32;
const TOKEN_SHAPE = new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
const BEARER = /^Bearer(?:\s+|$)/i;

/** A new token's secret (shown once) and the hash it is stored and found by. */
export function newAccessTokenSecret(): { token: string; tokenHash: string } {
  const token = ACCESS_TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString("base64url");
  return { token, tokenHash: hashAccessToken(token) };
}

/**
 * SHA-256, unkeyed: the secret is 256 random bits, so nothing can be guessed from its hash, and a
 * lookup by hash compares hashes, never the secret, so its timing tells nothing of the secret.
 */
export function hashAccessToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * Whether the request authenticates with `Authorization: Bearer …`. Such a call is never read as a
 * session's, whatever cookie it carries. Other schemes (a proxy's Basic auth) are not ours and are ignored.
 */
export function isBearerCall(req: Request): boolean {
  return BEARER.test(req.get("authorization") ?? "");
}

/** The token a Bearer call presents, or undefined when it is not one of ours in shape (a 401, without a query). */
export function presentedAccessToken(req: Request): string | undefined {
  const token = (req.get("authorization") ?? "").replace(BEARER, "").trim();
  return TOKEN_SHAPE.test(token) ? token : undefined;
}

declare module "express-serve-static-core" {
  interface Request {
    /** A call authenticated by its access token (middlewares/bearer.ts): req.user is the token's member. */
    viaAccessToken?: true;
  }
}
