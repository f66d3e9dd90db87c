import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, varchar } from "drizzle-orm/pg-core";
import { REACTIONS } from "@shared/reactions";
import { createdAt } from "./columns";
import { topics } from "./topics";
import { users } from "./users";

/**
 * Who gave which reaction to a topic's opener (docs/product.md "The opener is a post"): the same
 * shape and rules as post_reactions, keyed by the topic (server/queries/reactions.ts reads both).
 */
export const topicReactions = pgTable(
  "topic_reactions",
  {
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    reaction: varchar("reaction", { length: 20 }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.topicId, table.reaction, table.userId] }),
    check("topic_reactions_reaction", sql`${table.reaction} IN (${sql.raw(REACTIONS.map((name) => `'${name}'`).join(", "))})`),
    index("topic_reactions_user_id_idx").on(table.userId),
  ],
);
