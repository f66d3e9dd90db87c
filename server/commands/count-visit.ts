import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { bioCardDailyViews, bioCardVisitors, bioCards, bioLinkDailyClicks } from "../db/schema";
import { CARD_ITSELF } from "../db/schema/bio-card-visitors";
import type { VisitorKeys } from "../visitors/visitor-keys";

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
 * updated only when `fresh` has a row, and the card's count is then the one already read.
 */
export async function countCardView(db: Db, card: { id: number; viewsCount: number }, keys: VisitorKeys): Promise<number> {
  const result = await db.execute<{ views_count: number }>(sql`
    WITH ${freshVisit(card.id, CARD_ITSELF, keys)},
    daily AS (
      INSERT INTO ${bioCardDailyViews} (card_id, day, views) SELECT ${card.id}, ${TODAY_UTC}, 1 FROM fresh
      ON CONFLICT (card_id, day) DO UPDATE SET views = ${bioCardDailyViews.views} + 1
    )
    UPDATE ${bioCards} SET views_count = views_count + 1
     WHERE id = ${card.id} AND EXISTS (SELECT 1 FROM fresh)
    RETURNING views_count`);
  return result.rows[0]?.views_count ?? card.viewsCount;
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
