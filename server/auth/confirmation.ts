import type { Request } from "express";
import { confirmedUntilFrom, isFreshlyConfirmed } from "@shared/policies/fresh-confirmation";
import { forbidden } from "../errors";

declare module "express-session" {
  interface SessionData {
    /**
     * Until when (ms) this session may make sensitive changes (POST /api/auth/confirm). Kept in the
     * session's row, so every process reads the same window.
     */
    confirmedUntil?: number;
  }
}

/** The session of a request; a bearer call has none (server/middlewares/bearer.ts). */
const sessionOf = (req: Request): Request["session"] | undefined => req.session as Request["session"] | undefined;

/** When this request's session's window closes (ms), or undefined when it never opened or there is no session. */
export const confirmedUntilOf = (req: Request): number | undefined => sessionOf(req)?.confirmedUntil;

/** Opens the session's window from `now`; the session middleware writes the row before the answer goes out. */
export function openConfirmationWindow(req: Request, now: number): Date {
  const session = sessionOf(req);
  if (!session) throw forbidden();
  session.confirmedUntil = confirmedUntilFrom(now);
  return new Date(session.confirmedUntil);
}

/** The window while it is open, as the current user carries it; null once it closed. */
export function liveConfirmation(req: Request, now: number): Date | null {
  const until = confirmedUntilOf(req);
  return until !== undefined && isFreshlyConfirmed(until, now) ? new Date(until) : null;
}
