import { date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { bioCards } from "./bio-cards";

/**
 * Counted clicks on a card's link per UTC day. `linkId` has no foreign key on purpose: the clicks
 * of a deleted link stay in the card's daily totals.
 */
export const bioLinkDailyClicks = pgTable(
  "bio_link_daily_clicks",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => bioCards.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    linkId: integer("link_id").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.cardId, table.day, table.linkId] })],
);
