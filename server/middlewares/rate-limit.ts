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

/** One more hit on the counter `key` (a fixed window of `windowSeconds`): the hits in the window so far, and its seconds left. */
export async function countHit(db: Pick<Db, "insert">, key: string, windowSeconds: number): Promise<{ hits: number; secondsLeft: number }> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
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
  return counter!;
}

/**
 * Counts every attempt, whatever its outcome, in one atomic upsert, so all server processes on the
 * database share the count. Over the limit: 429 with Retry-After until the window ends.
 */
export function rateLimit(db: Db, options: RateLimitOptions): RequestHandler {
  const { name, limit, windowSeconds, message = "Too many requests, please try again later" } = options;
  return async (req, _res, next) => {
    try {
      const counter = await countHit(db, `${name}:${options.key ? options.key(req) : req.ip}`, windowSeconds);
      if (counter.hits > limit) throw tooManyRequests(message, counter.secondsLeft);
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

/**
 * The same fixed-window count kept in this process's memory: no database write per request. For the
 * general API limit, which guards capacity and may be counted per process (docs/product.md "Abuse
 * limits"); the exact limits above stay in PostgreSQL.
 */
export function memoryRateLimit(options: RateLimitOptions & { now?: () => number }): RequestHandler {
  const { name, limit, windowSeconds, message = "Too many requests, please try again later", now = Date.now } = options;
  const windowMs = windowSeconds * 1000;
  const counters = new Map<string, { hits: number; resetAt: number }>();
  let nextSweep = 0;
  return (req, _res, next) => {
    const current = now();
    if (current >= nextSweep) {
      // Forget ended windows once a window, so the map holds only the addresses seen lately.
      for (const [key, counter] of counters) if (counter.resetAt <= current) counters.delete(key);
      nextSweep = current + windowMs;
    }
    const key = `${name}:${options.key ? options.key(req) : req.ip}`;
    let counter = counters.get(key);
    if (!counter || counter.resetAt <= current) counters.set(key, (counter = { hits: 0, resetAt: current + windowMs }));
    counter.hits++;
    next(counter.hits > limit ? tooManyRequests(message, (counter.resetAt - current) / 1000) : undefined);
  };
}
