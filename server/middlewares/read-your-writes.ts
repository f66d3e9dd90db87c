import { createHmac, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import type { Db } from "../db/client";
import type { Replica } from "../db/replica";

/** After a write, its client reads from the primary this long (docs/product.md "Speed"). */
export const READ_YOUR_WRITES_MS = 10_000;
/** The cookie that says until when: `<until ms>.<signature>`. */
export const WROTE_COOKIE = "enclave_wrote";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface Reads {
  /** The database for a read that may be a moment stale: the replica, unless it is unusable or this client wrote in the last 10 s. */
  for(req: Request): Db;
  /** Whether this client wrote in the last 10 s (known only with a replica, which sets the cookie; false without). */
  wroteRecently(req: Request): boolean;
  /** Marks a client sending a write (/api), so that its next reads, on any process, see it. */
  rememberWrites: RequestHandler;
}

/**
 * Where reads that may be a moment stale go (docs/decisions/030). "Wrote at" travels with the client
 * in a signed cookie, not in the session row: any process behind a non-sticky proxy reads it without
 * a query or a cache to clear, and a write costs no extra statement. Signed, so a client cannot keep
 * itself on the primary longer than its writes do.
 */
export function readRouting({ primary, replica, secret }: { primary: Db; replica?: Replica; secret: string }): Reads {
  if (!replica) return { for: () => primary, wroteRecently: () => false, rememberWrites: (_req, _res, next) => next() };
  const sign = (until: string) => createHmac("sha256", secret).update(`${WROTE_COOKIE}:${until}`).digest("base64url");
  const wroteRecently = (req: Request) => {
    const value = /(?:^|;\s*)enclave_wrote=(\d{13})\.([\w-]{43})(?:;|$)/.exec(req.headers.cookie ?? "");
    if (!value) return false;
    const [, until, signature] = value as unknown as [string, string, string];
    const expected = Buffer.from(sign(until));
    const now = Date.now();
    return Number(until) > now && Number(until) <= now + READ_YOUR_WRITES_MS && timingSafeEqual(expected, Buffer.from(signature));
  };
  return {
    for: (req) => (replica.usable() && !wroteRecently(req) ? replica.db : primary),
    wroteRecently,
    rememberWrites(req, res, next) {
      if (WRITE_METHODS.has(req.method)) {
        const until = String(Date.now() + READ_YOUR_WRITES_MS);
        res.cookie(WROTE_COOKIE, `${until}.${sign(until)}`, { httpOnly: true, sameSite: "lax", secure: req.secure, path: "/", maxAge: READ_YOUR_WRITES_MS });
      }
      next();
    },
  };
}
