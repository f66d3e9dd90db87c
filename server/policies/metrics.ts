import { createHash, timingSafeEqual } from "node:crypto";

/** What decides whether a request may read /metrics. */
export interface MetricsRequest {
  /** The socket's peer, never X-Forwarded-For: `req.ip` is the proxy's address when TRUST_PROXY is off. */
  peerAddress: string | undefined;
  /** Whether a proxy says it forwarded the request (X-Forwarded-For, Forwarded, X-Real-IP). */
  forwarded: boolean;
  /** The `Authorization: Bearer` value, if any. */
  bearer: string | undefined;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A scraper on this machine (a loopback peer whose request no proxy forwarded: nginx on the same
 * machine is a loopback peer too, for every outside visitor), or anyone presenting METRICS_TOKEN.
 */
export function mayReadMetrics(request: MetricsRequest, token: string | undefined): boolean {
  if (request.bearer !== undefined && token) return sameSecret(request.bearer, token);
  return !request.forwarded && request.peerAddress !== undefined && LOOPBACK.test(request.peerAddress);
}

/** Compares digests of equal length in constant time, so neither the token nor its length leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
