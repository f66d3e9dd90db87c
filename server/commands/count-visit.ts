import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bioCardDailyReferrers, bioCardDailyViews, bioCardDayVisitors, bioCardVisitors, bioCards, bioLinkDailyClicks } from "../db/schema";
import { CARD_ITSELF } from "../db/schema/bio-card-visitors";

/** Analytics' devices (server/visitors/device.ts tells them apart). */
export type Device = "mobile" | "desktop";

/** A visitor's salted keys (server/visitors/visitor-keys.ts makes them): only these are stored, never who they are. */
export interface VisitorKeys {
  /** The key a visit on the day of `at` is stored under. */
  today: string;
  /** The same visitor under the previous day's salt, so the 24 hours of "once a day" span midnight. */
  yesterday: string;
  /** The visitor's address under the day's salt; null for a member. */
  address: string | null;
}

/** A view of a card (`linkId` CARD_ITSELF) or a click on one of its links, as buffered, with its visitor's keys. */
export interface KeyedVisit {
  cardId: number;
  linkId: number;
  keys: VisitorKeys;
  at: number;
  source: string;
  device: Device;
}

const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;
const textArray = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;
const timeArray = (values: number[]) => sql`${sql.param(values.map((at) => new Date(at).toISOString()))}::timestamptz[]`;

/**
 * Who of `input` (card_id, link_id, visitor_key, previous_key, at) counts: those not counted for that
 * card or link in the 24 hours before their visit, under the day's key or the previous day's. The
 * upsert decides, so a visitor counts once whichever process, batch or request saw them; a batch
 * holds each visitor once per target and day (server/visitors/visit-counter.ts), as ON CONFLICT
 * DO UPDATE needs.
 */
const FRESH = sql`fresh AS (
  INSERT INTO ${bioCardVisitors} (card_id, link_id, visitor_key, counted_at)
  SELECT card_id, link_id, visitor_key, at FROM input i
   WHERE NOT EXISTS (
     SELECT 1 FROM ${bioCardVisitors} v
      WHERE v.card_id = i.card_id AND v.link_id = i.link_id AND v.visitor_key = i.previous_key
        AND v.counted_at > i.at - interval '24 hours')
  ON CONFLICT (card_id, link_id, visitor_key) DO UPDATE SET counted_at = excluded.counted_at
    WHERE ${bioCardVisitors.countedAt} <= excluded.counted_at - interval '24 hours'
  RETURNING card_id, link_id, visitor_key
)`;

/** The visits as rows; cards deleted since the visit are left out (their rows would break the foreign keys). */
function visitRows(visits: KeyedVisit[], extra: { name: string; values: ReturnType<typeof sql> }[] = []) {
  const columns = [
    intArray(visits.map((visit) => visit.cardId)),
    intArray(visits.map((visit) => visit.linkId)),
    textArray(visits.map((visit) => visit.keys.today)),
    textArray(visits.map((visit) => visit.keys.yesterday)),
    timeArray(visits.map((visit) => visit.at)),
    ...extra.map((column) => column.values),
  ];
  const names = ["card_id", "link_id", "visitor_key", "previous_key", "at", ...extra.map((column) => column.name)].join(", ");
  return sql`SELECT i.* FROM unnest(${sql.join(columns, sql`, `)}) AS i(${sql.raw(names)}) JOIN ${bioCards} c ON c.id = i.card_id`;
}

const input = (visits: KeyedVisit[]) => sql`input AS (${visitRows(visits)})`;

/**
 * The day's views as `input`, less the anonymous visitors an address adds past `perAddress` for a
 * card's day (review M3: a rotating user agent is a new visitor each time). Visitors already seen
 * that day pass; new ones are admitted in order of their visit while the address's count allows.
 * The batch holds its cards' locks, so batches of several processes count one after the other.
 */
function admittedViews(day: string, views: KeyedVisit[], perAddress: number) {
  const rows = visitRows(views, [
    { name: "source", values: textArray(views.map((view) => view.source)) },
    { name: "mobile", values: sql`${sql.param(views.map((view) => view.device === "mobile"))}::bool[]` },
    { name: "address_key", values: textArray(views.map((view) => view.keys.address)) },
  ]);
  return sql`input AS (
    SELECT r.card_id, r.link_id, r.visitor_key, r.previous_key, r.at, r.source, r.mobile, r.address_key FROM (
      SELECT i.*, k.known, row_number() OVER (PARTITION BY i.card_id, i.address_key, k.known ORDER BY i.at, i.visitor_key) AS nth
        FROM (${rows}) i
       CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM ${bioCardDayVisitors} d
          WHERE d.card_id = i.card_id AND d.day = ${day}::date AND d.visitor_key = i.visitor_key) AS known) k
    ) r
    WHERE r.address_key IS NULL OR r.known
       OR r.nth + (SELECT count(*) FROM ${bioCardDayVisitors} d
                    WHERE d.card_id = r.card_id AND d.day = ${day}::date AND d.address_key = r.address_key) <= ${perAddress}
  )`;
}

/** Views: the day's unique visitors, and for those counted, the day's views, devices and sources and the card's total (returned per card changed). */
function countViews(day: string, views: KeyedVisit[], perAddress: number) {
  return sql`
    WITH ${admittedViews(day, views, perAddress)}, ${FRESH},
    seen AS (
      INSERT INTO ${bioCardDayVisitors} (card_id, day, visitor_key, address_key) SELECT card_id, ${day}::date, visitor_key, address_key FROM input
      ON CONFLICT DO NOTHING
      RETURNING card_id
    ),
    counted AS (SELECT i.* FROM input i JOIN fresh f USING (card_id, link_id, visitor_key)),
    per_card AS (
      SELECT card_id, sum(views)::int AS views, sum(uniques)::int AS uniques, sum(mobile)::int AS mobile, sum(desktop)::int AS desktop
        FROM (SELECT card_id, 1 AS views, 0 AS uniques, mobile::int AS mobile, (NOT mobile)::int AS desktop FROM counted
              UNION ALL SELECT card_id, 0, 1, 0, 0 FROM seen) AS both_kinds
       GROUP BY card_id
    ),
    daily AS (
      INSERT INTO ${bioCardDailyViews} (card_id, day, views, unique_visitors, mobile_views, desktop_views)
      SELECT card_id, ${day}::date, views, uniques, mobile, desktop FROM per_card
      ON CONFLICT (card_id, day) DO UPDATE SET
        views = ${bioCardDailyViews.views} + excluded.views,
        unique_visitors = ${bioCardDailyViews.uniqueVisitors} + excluded.unique_visitors,
        mobile_views = ${bioCardDailyViews.mobileViews} + excluded.mobile_views,
        desktop_views = ${bioCardDailyViews.desktopViews} + excluded.desktop_views
    ),
    referred AS (
      INSERT INTO ${bioCardDailyReferrers} (card_id, day, source, views)
      SELECT card_id, ${day}::date, source, count(*) FROM counted GROUP BY card_id, source
      ON CONFLICT (card_id, day, source) DO UPDATE SET views = ${bioCardDailyReferrers.views} + excluded.views
    )
    UPDATE ${bioCards} SET views_count = views_count + p.views FROM per_card p WHERE ${bioCards.id} = p.card_id AND p.views > 0
    RETURNING ${bioCards.id} AS card_id, ${bioCards.viewsCount} AS views_count`;
}

/** Clicks: the day's clicks per link of those counted. */
function countClicks(day: string, clicks: KeyedVisit[]) {
  return sql`
    WITH ${input(clicks)}, ${FRESH}
    INSERT INTO ${bioLinkDailyClicks} (card_id, day, link_id, clicks)
    SELECT card_id, ${day}::date, link_id, count(*) FROM fresh GROUP BY card_id, link_id
    ON CONFLICT (card_id, day, link_id) DO UPDATE SET clicks = ${bioLinkDailyClicks.clicks} + excluded.clicks`;
}

/**
 * Writes one UTC day's buffered visits in one transaction. Every writer first locks its cards in id
 * order, so the batches of several processes touching the same cards wait for each other instead of
 * deadlocking, and a card cannot be deleted under a batch.
 */
export async function countVisits(db: Db, day: string, visits: KeyedVisit[], visitorsPerAddress: number): Promise<CardViewsCount[]> {
  const views = visits.filter((visit) => visit.linkId === CARD_ITSELF);
  const clicks = visits.filter((visit) => visit.linkId !== CARD_ITSELF);
  const cardIds = [...new Set(visits.map((visit) => visit.cardId))].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM ${bioCards} WHERE id = ANY(${intArray(cardIds)}) ORDER BY id FOR NO KEY UPDATE`);
    const counts = views.length ? (await tx.execute<{ card_id: number; views_count: number }>(countViews(day, views, visitorsPerAddress))).rows : [];
    if (clicks.length) await tx.execute(countClicks(day, clicks));
    return counts.map((row) => ({ cardId: row.card_id, viewsCount: row.views_count }));
  });
}

/** A card's views count as a batch left it. */
export interface CardViewsCount {
  cardId: number;
  viewsCount: number;
}

/**
 * Visitors counted more than 24 hours ago may be counted again, and the visitors of days before
 * yesterday are in their day's count (yesterday's stay for a batch written just after midnight):
 * their rows are no longer needed.
 */
export async function pruneCountedVisitors(db: Db): Promise<void> {
  await db.delete(bioCardVisitors).where(sql`${bioCardVisitors.countedAt} < now() - interval '24 hours'`);
  await db.delete(bioCardDayVisitors).where(sql`${bioCardDayVisitors.day} < (now() AT TIME ZONE 'UTC')::date - 1`);
}
