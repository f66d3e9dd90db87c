import { createHmac } from "node:crypto";
import type { Request } from "express";

declare module "express-session" {
  interface SessionData {
    /** The browser a signed-in session was last seen with (GET /api/auth/sessions); renewed with its expiry, at most hourly. */
    device?: { userAgent: string; ip: string };
    /** A sign-in whose password was right, waiting for its second step (POST /api/auth/login/2fa) until `until` (ms). */
    twoFactorPending?: { userId: number; until: number };
  }
}

/** Longest User-Agent kept: enough for any real browser's. */
const USER_AGENT_MAX = 512;

/** Notes the browser and address the session is used from; the session middleware saves it with the session. */
export function recordDevice(req: Request): void {
  req.session.device = { userAgent: (req.get("user-agent") ?? "").slice(0, USER_AGENT_MAX), ip: req.ip ?? "" };
}

/**
 * The id a session is shown by: a keyed hash of its secret id, so the list never shows what the
 * cookie holds and an id seen there cannot be turned back into a cookie.
 */
export function publicSessionId(sessionSecret: string, sid: string): string {
  return createHmac("sha256", sessionSecret).update(`session id ${sid}`).digest("base64url").slice(0, 22);
}
