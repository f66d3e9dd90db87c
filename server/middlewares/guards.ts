import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import { forbidden, unauthorized } from "../errors";
import type { IdentityMember } from "../identity/member";
import { parseBody, type ValidatedRequest } from "./validate";
import { isBannedNow } from "@shared/policies/banned-now";
import { canUseAdminRoutes, isAdministrator } from "../policies/admin";
import { silenceRefusal } from "../policies/silence";
import { isStaff } from "../policies/staff";
import { TOKEN_REFUSED } from "../policies/access-tokens";

/**
 * Route guards, stated where each route is declared:
 *   router.get("/x", signedIn, ...)   any signed-in member, banned or not
 *   router.get("/x", member, ...)     signed in and not banned
 *   router.post("/x", writer, ...)    signed in, not banned and not silenced: posting, commenting,
 *                                     reacting, messaging, flagging, editing
 *   router.get("/x", staff, ...)      a moderator or an administrator (who may need two factors, as for admin):
 *                                     the admin area's members table, bans and silences
 *   router.get("/x", moderator, ...)  a moderator or an administrator, outside the admin area: the
 *                                     review queue, deleting a topic
 *   router.get("/x", admin, ...)      a member who is an administrator
 * and the route's last handler is a memberHandler, which gives it the member as req.user.
 *
 * `staff`, `moderator` and `admin` refuse every access token (403), whoever's it is: a route only
 * staff may call takes its guard, and with it the refusal, so none can forget it.
 */
const ADMIN_ONLY = "Administrator access required";
const STAFF_ONLY = "Moderator access required";

export const signedIn: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized());
};

export const member: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(unauthorized());
  next(isBannedNow(req.user) ? bannedError(req.user) : undefined);
};

export const writer: RequestHandler = (req, res, next) => {
  member(req, res, (error?: unknown) => {
    if (error) return next(error);
    const user = signedInMember(req);
    const refusal = silenceRefusal(user);
    next(refusal ? forbidden(refusal, { silencedUntil: user.silencedUntil?.toISOString() }) : undefined);
  });
};

export const admin: RequestHandler = (req, res, next) => {
  member(req, res, (error?: unknown) => next(error ?? tokenRefusal(req) ?? adminRefusal(req)));
};

/** Moderators and administrators: anyone else is refused with `notStaff`; `adminCheck` may refuse an administrator. */
function staffGuard(notStaff: string, adminCheck: (req: Request) => Error | undefined = () => undefined): RequestHandler {
  return (req, res, next) => {
    member(req, res, (error?: unknown) => {
      if (error) return next(error);
      const user = signedInMember(req);
      const refusal = tokenRefusal(req) ?? (isStaff(user) ? undefined : forbidden(notStaff));
      next(refusal ?? (isAdministrator(user) ? adminCheck(req) : undefined));
    });
  };
}

// The admin area refuses others as it did before moderators shared part of it, and may ask an administrator for two factors.
export const staff = staffGuard(ADMIN_ONLY, adminRefusal);

export const moderator = staffGuard(STAFF_ONLY);

/** Staff powers are never an access token's (docs/product.md "Accounts and sessions"). */
function tokenRefusal(req: Request) {
  return req.viaAccessToken ? forbidden(TOKEN_REFUSED) : undefined;
}

declare module "express-serve-static-core" {
  interface Locals {
    /** REQUIRE_ADMIN_2FA (set by app.ts). */
    requireAdminTwoFactor?: boolean;
  }
}

/** Why an administrator route refuses this member, if it does. */
function adminRefusal(req: Request) {
  const user = signedInMember(req);
  if (!isAdministrator(user)) return forbidden(ADMIN_ONLY);
  const requireTwoFactor = req.app.locals.requireAdminTwoFactor === true;
  return canUseAdminRoutes(user, { requireTwoFactor }) ? undefined : forbidden("Two-factor authentication required");
}

function bannedError(user: IdentityMember) {
  return forbidden("Account banned", {
    banReason: user.banReason,
    banExpiresAt: user.banExpiresAt?.toISOString() ?? null,
  });
}

/** The member a guard let through; behind no guard it is a 401, never a request read as nobody's. */
export function signedInMember(req: Request): IdentityMember {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** A request behind signedIn, member or admin: req.user is there, and req.body is what its schema parsed. */
export type SignedInRequest<Body = unknown> = ValidatedRequest<Body> & { user: IdentityMember };

type Handler<Req> = (req: Req, res: Response, next: NextFunction) => unknown;

/**
 * The last handler of a route behind signedIn, member or admin:
 *   router.get("/x", member, memberHandler(async (req, res) => ...))                 req.user is the member
 *   router.post("/x", member, memberHandler(schema, async (req, res) => ...))        and req.body is z.output<schema>
 */
export function memberHandler(handler: Handler<SignedInRequest>): RequestHandler;
export function memberHandler<S extends z.ZodType>(schema: S, handler: Handler<SignedInRequest<z.output<S>>>): RequestHandler;
export function memberHandler(...args: [Handler<SignedInRequest>] | [z.ZodType, Handler<SignedInRequest>]): RequestHandler {
  const [schema, handler] = args.length === 2 ? args : [undefined, args[0]];
  return (req, res, next) => {
    const user = signedInMember(req);
    if (schema) parseBody(schema, req);
    return handler(Object.assign(req, { user }), res, next);
  };
}

/** What a banned member may still call (docs/product.md "Accounts and sessions"); everything else is 403 for them. */
const OPEN_TO_BANNED = new Set(["GET /api/auth/user", "GET /api/user/ban-info", "POST /api/auth/logout", "POST /api/auth/login", "POST /api/auth/passkey/options", "POST /api/auth/passkey/login", "GET /api/health"]);

/** A safety net under the per-route guards: no route can forget the ban. */
export const blockBannedMembers: RequestHandler = (req, _res, next) => {
  if (!req.user || !isBannedNow(req.user)) return next();
  // The path the router matches (mounted without a path inside the API router), as the token policy reads it.
  const route = `${req.method} ${req.baseUrl + req.path}`;
  next(OPEN_TO_BANNED.has(route) ? undefined : bannedError(req.user));
};
