import { date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { bioCards } from "./bio-cards";

/**
 * Counted views of a card per UTC day: one row a day, however many visitors. `uniqueVisitors` are the
 * day's distinct visitors (bio_card_day_visitors), the devices split the counted views.
 */
export const bioCardDailyViews = pgTable(
  "bio_card_daily_views",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => bioCards.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    uniqueVisitors: integer("unique_visitors").notNull().default(0),
    mobileViews: integer("mobile_views").notNull().default(0),
    desktopViews: integer("desktop_views").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.cardId, table.day] })],
);
