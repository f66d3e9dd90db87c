import type { RequestHandler } from "express";

const cacheControl =
  (value: string): RequestHandler =>
  (_req, res, next) => {
    res.setHeader("Cache-Control", value);
    next();
  };

/**
 * Every API answer but the few that are the same for everyone depends on who asks (the member, their
 * session or token, or being signed out): no shared cache may keep one, and the browser asks again
 * each time, cheaply where an ETag lets it answer 304 (middlewares/etag.ts).
 */
export const privateAnswers = cacheControl("private, no-cache");

/** The account's own secrets and records (`/api/auth/*`, tokens, sessions, the export): never stored, not even by the browser. */
export const neverStored = cacheControl("private, no-store");

/** A route whose answer is the same for whoever asks (the public card's data): it takes back the API's default and keeps the plain HTTP caching it had. */
export const sameForEveryone: RequestHandler = (_req, res, next) => {
  res.removeHeader("Cache-Control");
  next();
};
