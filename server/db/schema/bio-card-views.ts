import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bioCards } from "./bio-cards";
import { timestamptz } from "./columns";

/** Who viewed a card when, so a visitor counts once per 24 hours (rows older than that are pruned). */
export const bioCardViews = pgTable(
  "bio_card_views",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => bioCards.id, { onDelete: "cascade" }),
    /** A session id, or a hash of the address and user agent for visitors without a session. */
    viewerKey: text("viewer_key").notNull(),
    viewedAt: timestamptz("viewed_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.cardId, table.viewerKey] }), index("bio_card_views_viewed_at_idx").on(table.viewedAt)],
);
