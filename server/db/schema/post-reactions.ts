import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, varchar } from "drizzle-orm/pg-core";
import { REACTIONS } from "@shared/reactions";
import { createdAt } from "./columns";
import { posts } from "./posts";
import { users } from "./users";

/**
 * Who gave which reaction to which post (docs/product.md "Reactions"): each member each reaction
 * once per post. The key leads with the post and then the reaction, so a page's counts and the
 * reader's own come from one range of it per post, already grouped (docs/decisions/025-reactions.md).
 */
export const postReactions = pgTable(
  "post_reactions",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    reaction: varchar("reaction", { length: 20 }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** When it was given: an unread `reaction` notification counts those given since it opened. */
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.reaction, table.userId] }),
    check("post_reactions_reaction", sql`${table.reaction} IN (${sql.raw(REACTIONS.map((name) => `'${name}'`).join(", "))})`),
    // A member's reactions, for removing them when the member is deleted (and the users FK cascade).
    index("post_reactions_user_id_idx").on(table.userId),
  ],
);
