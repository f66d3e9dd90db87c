import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { TEXT_LIMITS } from "@shared/constants";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

export const profileComments = pgTable(
  "profile_comments",
  {
    id: serial("id").primaryKey(),
    profileUserId: integer("profile_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null once its author is deleted and it outlives them (docs/decisions/058). */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    content: varchar("content", { length: TEXT_LIMITS.comment }).notNull(),
    /** The source as readers other than its author and staff get it: censored words as ■■■ (docs/decisions/064); null when it has none. */
    contentCensored: text("content_censored"),
    /** The content rendered and sanitized (server/markdown); null until the backfill reaches an older row. */
    html: text("html"),
    /** Hidden by flags until reviewed (server/queries/hidden.ts). */
    hiddenAt: timestamptz("hidden_at"),
    createdAt: createdAt(),
  },
  (table) => [
    // A profile's comments are listed newest first by id (and continued below an id): this order exactly.
    index("profile_comments_profile_id_idx").on(table.profileUserId, table.id),
    index("profile_comments_author_created_at_idx").on(table.authorId, table.createdAt),
    // The rows the Markdown backfill has yet to render (see posts_unrendered_idx).
    index("profile_comments_unrendered_idx").on(table.id).where(sql`${table.html} IS NULL`),
  ],
);
