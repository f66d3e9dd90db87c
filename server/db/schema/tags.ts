import { sql } from "drizzle-orm";
import { TAG_MAX_LENGTH } from "@shared/constants";
import { index, integer, pgTable, serial, varchar } from "drizzle-orm/pg-core";

/**
 * Every tag a topic carries or has carried, with how many topics carry it now (kept exact by triggers
 * on `topics` in the same transaction as every change, see the migration). A topic's own tags are
 * `topics.tags`; this table answers the suggestions (GET /api/tags): most used first, or by prefix.
 */
export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: TAG_MAX_LENGTH }).notNull().unique(),
    topicsCount: integer("topics_count").notNull().default(0),
  },
  (table) => [
    index("tags_most_used_idx").on(sql`${table.topicsCount} DESC`, table.name),
    // Prefix matches (name LIKE 'q%') whatever the database's collation.
    index("tags_name_prefix_idx").using("btree", sql`${table.name} varchar_pattern_ops`),
  ],
);
