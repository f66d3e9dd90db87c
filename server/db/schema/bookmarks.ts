import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { posts } from "./posts";
import { users } from "./users";

/**
 * A member's bookmarks of posts (docs/product.md "Bookmarks and reminders"), at most
 * BOOKMARKS_PER_MEMBER each. `remind_at`, when set, has a `bookmark_reminder` job of the job queue
 * due then (key `bookmark_reminder:{id}`); the job clears it when it tells the member. A deleted post
 * takes its bookmarks with it (and their jobs find nothing to do).
 */
export const bookmarks = pgTable(
  "bookmarks",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    remindAt: timestamptz("remind_at"),
    createdAt: createdAt(),
  },
  (table) => [
    // One bookmark per member and post; also the lookup of a page's bookmarked posts.
    uniqueIndex("bookmarks_user_id_post_id_idx").on(table.userId, table.postId),
    // A member's bookmarks, newest first (the id is the order and the cursor).
    index("bookmarks_user_id_id_idx").on(table.userId, sql`${table.id} DESC`),
    // The cascade when a post is deleted.
    index("bookmarks_post_id_idx").on(table.postId),
  ],
);
