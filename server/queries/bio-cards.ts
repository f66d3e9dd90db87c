import { createHash } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Request } from "express";
import type { Db } from "../db/client";
import { lower } from "../db/schema/columns";
import { bioCardViews, bioCards, userLinks, users } from "../db/schema";
import { isBannedNow } from "../policies/user";

export async function findBioCardOf(db: Db, userId: number) {
  const [card] = await db.select().from(bioCards).where(eq(bioCards.userId, userId));
  return card;
}

export function listLinksOf(db: Db, userId: number) {
  return db.select().from(userLinks).where(eq(userLinks.userId, userId)).orderBy(asc(userLinks.displayOrder), asc(userLinks.id));
}

/** A card anyone may see: it exists, is public, and its owner is not banned. */
export async function findPublicCard(db: Db, username: string) {
  const [row] = await db
    .select({ card: bioCards, owner: users })
    .from(bioCards)
    .innerJoin(users, eq(users.id, bioCards.userId))
    .where(and(eq(lower(users.username), sql`lower(${username})`), eq(bioCards.isPublic, true)));
  return row && !isBannedNow(row.owner) ? row : undefined;
}

/** Who is looking: their session when they have one, else a hash of address and user agent. */
export function viewerKey(req: Request): string {
  if (req.user) return `user:${req.user.id}`;
  const fingerprint = `${req.ip ?? ""}|${req.get("user-agent") ?? ""}`;
  return `anon:${createHash("sha256").update(fingerprint).digest("base64url")}`;
}

/**
 * Counts a view unless this viewer was counted in the last 24 hours, in one statement: the upsert
 * returns a row only for a new or expired view, and only then is the counter raised.
 */
export async function countView(db: Db, cardId: number, viewer: string): Promise<number> {
  const result = await db.execute<{ views_count: number }>(sql`
    WITH fresh AS (
      INSERT INTO ${bioCardViews} (card_id, viewer_key, viewed_at) VALUES (${cardId}, ${viewer}, now())
      ON CONFLICT (card_id, viewer_key) DO UPDATE SET viewed_at = now()
        WHERE ${bioCardViews.viewedAt} < now() - interval '24 hours'
      RETURNING 1
    )
    UPDATE ${bioCards} SET views_count = views_count + (SELECT count(*)::int FROM fresh)
     WHERE id = ${cardId}
    RETURNING views_count`);
  return result.rows[0]!.views_count;
}

export async function pruneBioCardViews(db: Db): Promise<void> {
  await db.delete(bioCardViews).where(sql`${bioCardViews.viewedAt} < now() - interval '24 hours'`);
}
