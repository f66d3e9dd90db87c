import { date, integer, pgTable, primaryKey, varchar } from "drizzle-orm/pg-core";
import { REFERRER_SOURCE_MAX_LENGTH } from "@shared/constants";
import { bioCards } from "./bio-cards";

/** Counted views of a card per UTC day and source: the host of `Referer`, or `direct` (server/visitors/referrer-source.ts). */
export const bioCardDailyReferrers = pgTable(
  "bio_card_daily_referrers",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => bioCards.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    source: varchar("source", { length: REFERRER_SOURCE_MAX_LENGTH }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.cardId, table.day, table.source] })],
);
