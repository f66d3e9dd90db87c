import type { RequestHandler } from "express";
import { badRequest } from "../errors";

const NUL_MESSAGE = "Text must not contain NUL characters";

/** PostgreSQL text cannot hold U+0000; refused here as a 400 rather than failing in SQL as a 500. */
export const refuseNulInUrl: RequestHandler = (req, _res, next) => {
  next(/%00|\0/.test(req.originalUrl) ? badRequest(NUL_MESSAGE) : undefined);
};

/** The same for every string (and key) of a parsed JSON body, however deeply nested. */
export const refuseNulInBody: RequestHandler = (req, _res, next) => {
  next(containsNul(req.body) ? badRequest(NUL_MESSAGE) : undefined);
};

/** Walks with its own stack: a 100 kB body can nest deeper than the call stack allows. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === "string") {
      if (current.includes("\0")) return true;
    } else if (current !== null && typeof current === "object") {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes("\0")) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
