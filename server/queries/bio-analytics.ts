import { sql } from "drizzle-orm";
import { TOP_REFERRERS, type AnalyticsPeriod } from "@shared/constants";
import type { Db } from "../db/client";
import { bioCardDailyReferrers, bioCardDailyViews, bioLinkDailyClicks, userLinks } from "../db/schema";

export type DayCounts = { date: string; views: number; uniqueVisitors: number; clicks: number };
export type LinkClicks = { id: number; title: string; clicks: number };
export type SourceViews = { source: string; views: number };
export type DeviceViews = { mobile: number; desktop: number };

/**
 * Views, unique visitors and clicks of a card per UTC day for the last `days` days, oldest first
 * (today included, days without any as zeros); its owner's links by clicks in that period, most
 * first; the period's top sources of views, and its views by device.
 */
export async function bioCardAnalytics(db: Db, card: { id: number; userId: number }, days: AnalyticsPeriod) {
  const firstDay = sql`(now() AT TIME ZONE 'UTC')::date - ${days - 1}::int`;
  const [perDay, perLink, perSource, perDevice] = await Promise.all([
    db.execute<DayCounts>(sql`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(v.views, 0) AS views,
             coalesce(v.unique_visitors, 0) AS "uniqueVisitors", coalesce(c.clicks, 0) AS clicks
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
    db.execute<SourceViews>(sql`
      SELECT source, sum(views)::int AS views FROM ${bioCardDailyReferrers}
       WHERE card_id = ${card.id} AND day >= ${firstDay}
       GROUP BY source
       ORDER BY views DESC, source
       LIMIT ${TOP_REFERRERS}`),
    db.execute<DeviceViews>(sql`
      SELECT coalesce(sum(mobile_views), 0)::int AS mobile, coalesce(sum(desktop_views), 0)::int AS desktop FROM ${bioCardDailyViews}
       WHERE card_id = ${card.id} AND day >= ${firstDay}`),
  ]);
  return { days: perDay.rows, links: perLink.rows, referrers: perSource.rows, devices: perDevice.rows[0]! };
}
