import { createHmac, randomBytes } from "node:crypto";
import type { Request } from "express";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { visitorSalts } from "../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Salts by UTC day, as stored; a process keeps the two it needs. */
const saltCache = new Map<string, string>();

async function saltOf(db: Db, day: string): Promise<string> {
  const cached = saltCache.get(day);
  if (cached) return cached;
  // The first process to need a day's salt makes it; every other one reads that one.
  const [row] = await db
    .insert(visitorSalts)
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflictDoUpdate({ target: visitorSalts.day, set: { salt: sql`${visitorSalts.salt}` } })
    .returning({ salt: visitorSalts.salt });
  for (const known of saltCache.keys()) if (known < utcDay(Date.now() - DAY_MS)) saltCache.delete(known);
  saltCache.set(day, row!.salt);
  return row!.salt;
}

export interface VisitorKeys {
  /** The key a visit is stored under. */
  today: string;
  /** The same visitor under yesterday's salt, so the 24 hours of "once a day" span midnight. */
  yesterday: string;
}

/**
 * Who is visiting, as keys that cannot be traced back: the member when signed in, else the address
 * alone, hashed with a random salt of the day (HMAC-SHA-256). No address is stored. The user agent
 * is not part of it: the sender chooses it freely, so rotating it would make every request a new
 * visitor (docs/decisions/010).
 */
export async function visitorKeys(db: Db, req: Request, now = Date.now()): Promise<VisitorKeys> {
  const visitor = req.user ? `member:${req.user.id}` : `anonymous:${req.ip ?? ""}`;
  const [today, yesterday] = await Promise.all([saltOf(db, utcDay(now)), saltOf(db, utcDay(now - DAY_MS))]);
  const hash = (salt: string) => createHmac("sha256", salt).update(visitor).digest("base64url");
  return { today: hash(today), yesterday: hash(yesterday) };
}

/** Salts from before yesterday can match no visit of the last 24 hours: forget them. */
export async function pruneVisitorSalts(db: Db, now = Date.now()): Promise<void> {
  await db.delete(visitorSalts).where(lt(visitorSalts.day, utcDay(now - DAY_MS)));
}
