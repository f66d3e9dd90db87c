import type { IncomingMessage } from "node:http";

/**
 * Upgrades per client address in a fixed one-minute window, counted in this process's memory: it
 * guards capacity like the general API limit, and costs no database write per upgrade.
 */
export function createUpgradeCounter(limit: number, windowMs = 60_000) {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  let nextPrune = 0;
  return {
    /** Counts an upgrade; answers the seconds to wait when the address is over its limit. */
    take(address: string, now = Date.now()): number | undefined {
      if (now >= nextPrune) {
        for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
        nextPrune = now + windowMs;
      }
      let window = windows.get(address);
      if (!window || window.resetAt <= now) {
        window = { hits: 0, resetAt: now + windowMs };
        windows.set(address, window);
      }
      window.hits++;
      return window.hits > limit ? Math.ceil((window.resetAt - now) / 1000) : undefined;
    },
  };
}

/** The client's address: the socket's, or the one the trusted proxy in front appended to X-Forwarded-For. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers["x-forwarded-for"] : undefined;
  const last = typeof forwarded === "string" ? forwarded.split(",").at(-1)?.trim() : undefined;
  return last || req.socket.remoteAddress || "unknown";
}
