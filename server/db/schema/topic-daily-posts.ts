import { date, index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { topics } from "./topics";

/**
 * How many of a topic's posts were created on each UTC day (only days with posts), kept exact by
 * statement triggers on `posts` in the same transaction as every change (see the migration). Top
 * over a period sums a topic's whole days here and counts only the period's first, partial day from
 * `posts` (docs/forum-lists.md).
 */
export const topicDailyPosts = pgTable(
  "topic_daily_posts",
  {
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    posts: integer("posts").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.topicId, table.day] }),
    // A period's whole days, read from the index alone.
    index("topic_daily_posts_day_idx").on(table.day, table.topicId, table.posts),
  ],
);
