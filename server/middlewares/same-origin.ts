import type { RequestHandler } from "express";
import type { Config } from "../config";
import { forbidden } from "../errors";
import { isBearerCall } from "../identity/access-token";
import { isSiteOrigin } from "../site-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses writes sent by another site's page: a browser names the page's origin in Origin (or
 * Referer). Requests with neither come from non-browser clients, which carry no victim's cookie.
 * The site is PUBLIC_URL when set, else the request's own Host. A bearer call is not checked: it is
 * never read as a cookie session's, and a page cannot make a browser send its token.
 */
export function refuseCrossSiteWrites(config: Pick<Config, "PUBLIC_URL">): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || isBearerCall(req)) return next();
    const source = req.get("origin") ?? req.get("referer");
    if (!source) return next();
    next(isSiteOrigin(config, req, source) ? undefined : forbidden("Cross-site request refused"));
  };
}
