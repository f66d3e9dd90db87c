import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/** Fixed-window request counters, shared by every server process (docs/product.md "Abuse limits"). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetAt: timestamptz("reset_at").notNull(),
  },
  (table) => [index("rate_limits_reset_at_idx").on(table.resetAt)],
);
