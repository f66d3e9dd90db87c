import type { RequestHandler } from "express";
import { forbidden } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses writes sent by another site's page: a browser names the page's origin in Origin (or
 * Referer). Requests with neither come from non-browser clients, which carry no victim's cookie.
 */
export const refuseCrossSiteWrites: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const source = req.get("origin") ?? req.get("referer");
  if (!source) return next();
  let host: string | undefined;
  try {
    host = new URL(source).host;
  } catch {
    host = undefined;
  }
  next(host === req.get("host") ? undefined : forbidden("Cross-site request refused"));
};
