import type { Request, RequestHandler } from "express";
import { forbidden, unauthorized } from "../errors";
import { isBannedNow } from "@shared/policies/banned-now";

/**
 * Route guards, stated where each route is declared:
 *   router.get("/x", signedIn, ...)   any signed-in member, banned or not
 *   router.get("/x", member, ...)     signed in and not banned
 *   router.get("/x", admin, ...)      a member who is an administrator
 */
export const signedIn: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized());
};

export const member: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(unauthorized());
  next(isBannedNow(req.user) ? bannedError(req) : undefined);
};

export const admin: RequestHandler = (req, res, next) => {
  member(req, res, (error?: unknown) => next(error ?? (req.user!.isAdmin ? undefined : forbidden("Administrator access required"))));
};

export function bannedError(req: Request) {
  return forbidden("Account banned", {
    banReason: req.user!.banReason,
    banExpiresAt: req.user!.banExpiresAt?.toISOString() ?? null,
  });
}

/** What a banned member may still call (docs/product.md "Accounts and sessions"); everything else is 403 for them. */
const OPEN_TO_BANNED = new Set(["GET /api/auth/user", "GET /api/user/ban-info", "POST /api/auth/logout", "POST /api/auth/login", "GET /api/health"]);

/** A safety net under the per-route guards: no route can forget the ban. */
export const blockBannedMembers: RequestHandler = (req, _res, next) => {
  if (!req.user || !isBannedNow(req.user)) return next();
  const route = `${req.method} ${req.originalUrl.split("?")[0]}`;
  next(OPEN_TO_BANNED.has(route) ? undefined : bannedError(req));
};
