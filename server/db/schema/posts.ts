import { sql } from "drizzle-orm";
import { TEXT_LIMITS } from "@shared/constants";
import { boolean, check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { topics } from "./topics";
import { createdAt, timestamptz, updatedAt } from "./columns";
import { users } from "./users";

export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    content: text("content").notNull(),
    /** The source as readers other than its author and staff get it: censored words as ■■■ (docs/decisions/064); null when it has none. */
    contentCensored: text("content_censored"),
    /** The content rendered and sanitized (server/markdown); null until the backfill reaches a row written before Markdown. */
    html: text("html"),
    /** The rendered text without Markdown marks, for search snippets; null like html. */
    plainText: text("plain_text"),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    /** Null once its author is deleted and it outlives them, credited to "Deleted member" (docs/decisions/058). */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    isEdited: boolean("is_edited").notNull().default(false),
    /** Hidden by flags until reviewed (server/queries/hidden.ts): its text reaches only its author and staff. */
    hiddenAt: timestamptz("hidden_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("posts_content_length", sql`char_length(${table.content}) BETWEEN 1 AND ${sql.raw(String(TEXT_LIMITS.postContent))}`),
    // Keyset pagination of a topic: WHERE topic_id = ? AND id > ? ORDER BY id.
    index("posts_topic_id_id_idx").on(table.topicId, table.id),
    index("posts_author_id_created_at_idx").on(table.authorId, table.createdAt),
    // Top over a period: the period's posts per topic, read from the index alone.
    index("posts_created_at_topic_id_idx").on(table.createdAt, table.topicId),
    // The posts hidden by flags, few at any time: search leaves them out by reading this alone.
    index("posts_hidden_idx").on(table.id).where(sql`${table.hiddenAt} IS NOT NULL`),
    // The rows the Markdown backfill has yet to render: empty once it is done, so checking costs nothing.
    index("posts_unrendered_idx").on(table.id).where(sql`${table.html} IS NULL`),
  ],
);
