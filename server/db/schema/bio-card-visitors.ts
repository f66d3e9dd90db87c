import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bioCards } from "./bio-cards";
import { timestamptz } from "./columns";

/** The card itself in `linkId`: a view of the card, not a click on one of its links. */
export const CARD_ITSELF = 0;

/**
 * Who was last counted when, for a card (a view) or one of its links (a click), so a visitor counts
 * once per 24 hours. Keys are daily-salted hashes (server/visitors), never an address or a session;
 * rows older than 24 hours are pruned.
 */
export const bioCardVisitors = pgTable(
  "bio_card_visitors",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => bioCards.id, { onDelete: "cascade" }),
    /** A link id, or CARD_ITSELF. */
    linkId: integer("link_id").notNull(),
    visitorKey: text("visitor_key").notNull(),
    countedAt: timestamptz("counted_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cardId, table.linkId, table.visitorKey] }),
    index("bio_card_visitors_counted_at_idx").on(table.countedAt),
  ],
);
