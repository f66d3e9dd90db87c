import { sql } from "drizzle-orm";
import type { AnalyticsPeriod } from "@shared/constants";
import type { Db } from "../db/client";
import { bioCardDailyViews, bioLinkDailyClicks, userLinks } from "../db/schema";

export type DayCounts = { date: string; views: number; clicks: number };
export type LinkClicks = { id: number; title: string; clicks: number };

/**
 * Views and clicks of a card per UTC day for the last `days` days, oldest first (today included,
 * days without any as zeros), and its owner's links by clicks in that period, most first.
 */
export async function bioCardAnalytics(db: Db, card: { id: number; userId: number }, days: AnalyticsPeriod) {
  const firstDay = sql`(now() AT TIME ZONE 'UTC')::date - ${days - 1}::int`;
  const [perDay, perLink] = await Promise.all([
    db.execute<DayCounts>(sql`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(v.views, 0) AS views, coalesce(c.clicks, 0) AS clicks
        FROM (SELECT ${firstDay} + n AS day FROM generate_series(0, ${days - 1}::int) AS n) d
        LEFT JOIN ${bioCardDailyViews} v ON v.card_id = ${card.id} AND v.day = d.day
        LEFT JOIN (
          SELECT day, sum(clicks)::int AS clicks FROM ${bioLinkDailyClicks}
           WHERE card_id = ${card.id} AND day >= ${firstDay}
           GROUP BY day
        ) c ON c.day = d.day
       ORDER BY d.day`),
    db.execute<LinkClicks>(sql`
      SELECT l.id, l.title, coalesce(sum(c.clicks), 0)::int AS clicks
        FROM ${userLinks} l
        LEFT JOIN ${bioLinkDailyClicks} c ON c.card_id = ${card.id} AND c.link_id = l.id AND c.day >= ${firstDay}
       WHERE l.user_id = ${card.userId}
       GROUP BY l.id
       ORDER BY clicks DESC, l.display_order, l.id`),
  ]);
  return { days: perDay.rows, links: perLink.rows };
}
