import type { RequestHandler } from "express";
import { badRequest } from "./errors";

/**
 * Whether a request line's target is a path (origin form, RFC 9112 3.2.1): `/api/topics?x=1`. Node
 * also hands on the absolute form (`http://host/api/tokens`) and the asterisk form (`*`); Express
 * routes the absolute form by its path while `req.originalUrl` keeps the scheme and host, so code
 * reading the URL and the router would disagree on where the request goes.
 */
export const isPathTarget = (url: string | undefined) => url !== undefined && url.startsWith("/");

/** A request whose target is not a path is a 400 before anything reads its URL. */
export const refusePathlessTargets: RequestHandler = (req, _res, next) => {
  next(isPathTarget(req.url) ? undefined : badRequest("The request target must be a path"));
};
