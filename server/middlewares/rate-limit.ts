import type { RequestHandler } from "express";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { tooManyRequests } from "../errors";

interface RateLimitOptions {
  /** Names the counter; the client address (or what `key` returns) is added to it. */
  name: string;
  limit: number;
  windowSeconds: number;
  message?: string;
  key?: (req: Parameters<RequestHandler>[0]) => string;
}

/**
 * Counts every attempt, whatever its outcome, in one atomic upsert, so all server processes on the
 * database share the count. Over the limit: 429 with Retry-After until the window ends.
 */
export function rateLimit(db: Db, options: RateLimitOptions): RequestHandler {
  const { name, limit, windowSeconds, message = "Too many requests, please try again later" } = options;
  const window = sql`make_interval(secs => ${windowSeconds})`;
  return async (req, _res, next) => {
    try {
      const key = `${name}:${options.key ? options.key(req) : req.ip}`;
      const [counter] = await db
        .insert(rateLimits)
        .values({ key, hits: 1, resetAt: sql`now() + ${window}` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.hits} + 1 END`,
            resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN now() + ${window} ELSE ${rateLimits.resetAt} END`,
          },
        })
        .returning({ hits: rateLimits.hits, secondsLeft: sql<number>`extract(epoch FROM ${rateLimits.resetAt} - now())::float` });
      if (counter!.hits > limit) throw tooManyRequests(message, counter!.secondsLeft);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Drops counters whose window has ended; run now and then so the table stays small. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
