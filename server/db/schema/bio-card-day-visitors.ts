import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bioCards } from "./bio-cards";

/**
 * The visitors of a card seen on a UTC day, for the day's `uniqueVisitors`: keys hashed with that
 * day's salt (server/visitors), so they mean nothing on another day; rows of past days are pruned.
 * `addressKey` (the address alone, hashed the same way; null for members) caps how many visitors one
 * address adds to a card's day (CARD_VISITORS_PER_ADDRESS, docs/decisions/035).
 */
export const bioCardDayVisitors = pgTable(
  "bio_card_day_visitors",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => bioCards.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    visitorKey: text("visitor_key").notNull(),
    addressKey: text("address_key"),
  },
  (table) => [
    primaryKey({ columns: [table.cardId, table.day, table.visitorKey] }),
    index("bio_card_day_visitors_address_idx").on(table.cardId, table.day, table.addressKey),
  ],
);
