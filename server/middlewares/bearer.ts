import type { Request, RequestHandler } from "express";
import { recordAccessTokenUse, LAST_USED_PRECISION_MS } from "../commands/access-tokens";
import type { Db } from "../db/client";
import { forbidden, unauthorized } from "../errors";
import { hashAccessToken, isBearerCall, presentedAccessToken } from "../identity/access-token";
import { accessTokenRefusal } from "../policies/access-tokens";
import { findBearer } from "../queries/access-tokens";

/**
 * Runs `handlers` in turn for every call but a bearer call, which neither reads nor makes a session or
 * its cookie. A plain chain, not a Router: every request passes here, and a router's entry and exit
 * (URL parsing, base URL, parameters) cost more than the handlers' calls. As in a router, an error
 * thrown or rejected goes to `next`.
 */
export function sessionOnly(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    if (isBearerCall(req)) return next();
    let index = 0;
    const step = (error?: unknown): void => {
      if (error || index === handlers.length) return next(error);
      const handler = handlers[index++]!;
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch((rejection: unknown) => step(rejection ?? new Error("Rejected promise")));
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
}

/**
 * `Authorization: Bearer <token>`: the call is its member's (req.user, so every guard and per-member
 * limit works unchanged), within what the token policy allows it. A token that is unknown, revoked,
 * expired, malformed or whose member is gone is a 401. Goes after the body parser: the policy reads
 * the body of a profile change. Mounted without a path of its own inside the API router, so
 * `req.baseUrl + req.path` is the path its routes are matched on.
 */
export function authenticateBearerCalls(db: Db): RequestHandler {
  return (req, _res, next) => {
    if (!isBearerCall(req)) return next();
    authenticate(db, req).then(() => next(), next);
  };
}

async function authenticate(db: Db, req: Request): Promise<void> {
  const token = presentedAccessToken(req);
  const bearer = token === undefined ? undefined : await findBearer(db, hashAccessToken(token));
  if (!bearer) throw unauthorized("Invalid or expired access token");
  // Staff powers are never a token's: on the routes any member may call (a topic's pin, another's
  // post) the call is judged as a plain member's, as the staff guards refuse it elsewhere.
  req.user = { ...bearer.member, isAdmin: false, isModerator: false };
  req.viaAccessToken = true;
  if (bearer.lastUsedAt === null || Date.now() - bearer.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) await recordAccessTokenUse(db, bearer.tokenId);
  // The path the router matches (parsed: no query, no fragment), never the raw target: they can differ.
  const refusal = accessTokenRefusal({ method: req.method, path: req.baseUrl + req.path, body: req.body, scopes: bearer.scopes });
  if (refusal) throw forbidden(refusal);
}
