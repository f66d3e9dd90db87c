import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { bioCardDailyViews, bioCardVisitors, bioCards, bioLinkDailyClicks } from "../db/schema";
import { CARD_ITSELF } from "../db/schema/bio-card-visitors";
import { countedVisitorsOf } from "../visitors/counted-visitors";
import type { VisitorKeys } from "../visitors/visitor-keys";

const DAY_MS = 24 * 60 * 60 * 1000;

const TODAY_UTC = sql`(now() AT TIME ZONE 'UTC')::date`;

/**
 * A CTE `fresh` with one row when this visitor was not counted for the target in the last 24 hours
 * (under today's or yesterday's key), none otherwise. The upsert makes parallel requests of one
 * visitor count once.
 */
function freshVisit(cardId: number, linkId: number, keys: VisitorKeys): SQL {
  return sql`fresh AS (
    INSERT INTO ${bioCardVisitors} (card_id, link_id, visitor_key, counted_at)
    SELECT ${cardId}, ${linkId}, ${keys.today}, now()
     WHERE NOT EXISTS (
       SELECT 1 FROM ${bioCardVisitors}
        WHERE card_id = ${cardId} AND link_id = ${linkId} AND visitor_key = ${keys.yesterday}
          AND counted_at > now() - interval '24 hours')
    ON CONFLICT (card_id, link_id, visitor_key) DO UPDATE SET counted_at = now()
      WHERE ${bioCardVisitors.countedAt} <= now() - interval '24 hours'
    RETURNING 1
  )`;
}

/**
 * Counts a view of the card (its total and its day) unless this visitor was counted in the last 24
 * hours. A visitor already counted (a reload, the common case) writes nothing: the counter row is
 * updated only when `fresh` has a row, and the card's count is then the one already read. The
 * statement also says when a visitor already counted was counted, so this process remembers them
 * until their 24 hours end and their next reloads cost no statement at all.
 */
export async function countCardView(db: Db, card: { id: number; viewsCount: number }, keys: VisitorKeys): Promise<number> {
  const counted = countedVisitorsOf(db);
  const visitor = `${card.id}:${keys.today}`;
  if (counted.has(visitor)) return card.viewsCount;
  const result = await db.execute<{ views_count: number | null; counted_ms: number | null }>(sql`
    WITH ${freshVisit(card.id, CARD_ITSELF, keys)},
    daily AS (
      INSERT INTO ${bioCardDailyViews} (card_id, day, views) SELECT ${card.id}, ${TODAY_UTC}, 1 FROM fresh
      ON CONFLICT (card_id, day) DO UPDATE SET views = ${bioCardDailyViews.views} + 1
    ),
    viewed AS (
      UPDATE ${bioCards} SET views_count = views_count + 1
       WHERE id = ${card.id} AND EXISTS (SELECT 1 FROM fresh)
      RETURNING views_count
    )
    SELECT (SELECT views_count FROM viewed) AS views_count,
           (SELECT (extract(epoch FROM max(counted_at)) * 1000)::float8 FROM ${bioCardVisitors}
             WHERE card_id = ${card.id} AND link_id = ${CARD_ITSELF} AND visitor_key IN (${keys.today}, ${keys.yesterday})
               AND counted_at > now() - interval '24 hours') AS counted_ms`);
  const { views_count: viewsCount, counted_ms: countedMs } = result.rows[0]!;
  // Counted now, or (seen from before this statement) when they were counted last.
  const countedAt = viewsCount !== null ? Date.now() : countedMs;
  if (countedAt !== null) counted.remember(visitor, countedAt + DAY_MS);
  return viewsCount ?? card.viewsCount;
}

/** Counts a click on a card's link in its day unless this visitor's click was counted in the last 24 hours. */
export async function countLinkClick(db: Db, cardId: number, linkId: number, keys: VisitorKeys): Promise<void> {
  await db.execute(sql`
    WITH ${freshVisit(cardId, linkId, keys)}
    INSERT INTO ${bioLinkDailyClicks} (card_id, day, link_id, clicks) SELECT ${cardId}, ${TODAY_UTC}, ${linkId}, 1 FROM fresh
    ON CONFLICT (card_id, day, link_id) DO UPDATE SET clicks = ${bioLinkDailyClicks.clicks} + 1`);
}

/** Visitors counted more than 24 hours ago may be counted again: their rows are no longer needed. */
export async function pruneCountedVisitors(db: Db): Promise<void> {
  await db.delete(bioCardVisitors).where(sql`${bioCardVisitors.countedAt} < now() - interval '24 hours'`);
}
