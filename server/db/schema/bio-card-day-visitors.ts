import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bioCards } from "./bio-cards";

/**
 * The visitors of a card seen on a UTC day, for the day's `uniqueVisitors`: keys hashed with that
 * day's salt (server/visitors), so they mean nothing on another day; rows of past days are pruned.
 */
export const bioCardDayVisitors = pgTable(
  "bio_card_day_visitors",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => bioCards.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    visitorKey: text("visitor_key").notNull(),
  },
  (table) => [primaryKey({ columns: [table.cardId, table.day, table.visitorKey] })],
);
