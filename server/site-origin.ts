import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import type { Config } from "./config";
import { badRequest } from "./errors";

/** Longest Host header taken as well formed: a 253-character name and a port. */
const MAX_HOST_LENGTH = 260;
// A DNS name or IPv4 address, or a bracketed IPv6 address, and an optional port. Single character
// classes only: checking costs one pass over at most MAX_HOST_LENGTH characters.
const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

export function isWellFormedHost(host: string | undefined): host is string {
  return host !== undefined && host.length <= MAX_HOST_LENGTH && HOST_HEADER.test(host);
}

/** A request whose Host cannot name this site is a 400 before anything reads it (og:url, Origin checks). */
export const refuseMalformedHost: RequestHandler = (req, _res, next) => {
  next(isWellFormedHost(req.headers.host) ? undefined : badRequest("Invalid Host header"));
};

type PublicUrl = Pick<Config, "PUBLIC_URL">;

/**
 * The site's origin (`https://community.example`) for absolute URLs: PUBLIC_URL when set, else the
 * request's scheme and Host (already checked by refuseMalformedHost).
 */
export function siteOrigin(config: PublicUrl, req: IncomingMessage & { protocol?: string }): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  return `${req.protocol ?? "http"}://${req.headers.host}`;
}

/**
 * Whether a browser's Origin (or Referer) names this site. With PUBLIC_URL, scheme and host must
 * match it; without, the host must match the request's own Host.
 */
export function isSiteOrigin(config: PublicUrl, req: IncomingMessage, source: string): boolean {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if (config.PUBLIC_URL) return url.origin === config.PUBLIC_URL;
  return isWellFormedHost(req.headers.host) && url.host === req.headers.host.toLowerCase();
}
