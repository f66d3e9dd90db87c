import { createHmac, randomBytes } from "node:crypto";
import type { Request } from "express";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { visitorSalts } from "../db/schema";
import type { VisitorKeys } from "../commands/count-visit";

const DAY_MS = 24 * 60 * 60 * 1000;
export const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Salts by UTC day, as stored in each database; a process keeps the two it needs of each. */
const saltCaches = new WeakMap<Db, Map<string, string>>();

async function saltOf(db: Db, day: string): Promise<string> {
  let saltCache = saltCaches.get(db);
  if (!saltCache) saltCaches.set(db, (saltCache = new Map()));
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

/**
 * Who is visiting, before hashing: the member when signed in, else the address and the user agent
 * (docs/decisions/035). It stays in this process's memory until the next batch (about a second) and
 * is never stored: only its salted hash is.
 */
export const visitorIdentity = (req: Request): string =>
  req.user ? `member:${req.user.id}` : `anonymous:${req.ip ?? ""}\n${req.get("user-agent") ?? ""}`;

/**
 * The address alone of an anonymous visitor (null for a member), kept and hashed like the identity:
 * one address may add only so many visitors to a card's day, whatever user agents it sends.
 */
export const visitorAddress = (req: Request): string | null => (req.user ? null : `address:${req.ip ?? ""}`);


/** The visitor's keys for a visit at `at`: HMAC-SHA-256 with the random salt of that UTC day, and of the day before. */
export async function visitorKeys(db: Db, identity: string, address: string | null, at: number): Promise<VisitorKeys> {
  const [today, yesterday] = await Promise.all([saltOf(db, utcDay(at)), saltOf(db, utcDay(at - DAY_MS))]);
  const hash = (salt: string, text: string) => createHmac("sha256", salt).update(text).digest("base64url");
  return { today: hash(today, identity), yesterday: hash(yesterday, identity), address: address === null ? null : hash(today, address) };
}

/** Salts from before yesterday can match no visit of the last 24 hours: forget them. */
export async function pruneVisitorSalts(db: Db, now = Date.now()): Promise<void> {
  await db.delete(visitorSalts).where(lt(visitorSalts.day, utcDay(now - DAY_MS)));
}
