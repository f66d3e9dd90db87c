import { sql } from "drizzle-orm";
import { GENERAL_CATEGORY_ID, TAG_MAX_LENGTH, TEXT_LIMITS } from "@shared/constants";
import { boolean, index, integer, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { categories } from "./categories";
import { createdAt, timestamptz, updatedAt } from "./columns";
import { users } from "./users";

export const topics = pgTable(
  "topics",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: TEXT_LIMITS.topicTitle }).notNull(),
    /** The opening text's Markdown source, as written (docs/product.md "The opener is a post"). */
    description: text("description"),
    /** The opener's source as readers other than its author and staff get it: censored words as ■■■ (docs/decisions/064); null when it has none. */
    descriptionCensored: text("description_censored"),
    /** The description rendered and sanitized as its author's (server/markdown); null without a description, or until the backfill reaches a topic written before it. */
    descriptionHtml: text("description_html"),
    /** The rendered description without Markdown marks: list excerpts, search, activity. Null like descriptionHtml. */
    descriptionText: text("description_text"),
    /** When the author last changed the description (null: never): the opener reads "edited", its revisions date from it. */
    descriptionEditedAt: timestamptz("description_edited_at"),
    /** The opener hidden by flags until reviewed (server/queries/hidden.ts): its text reaches only its author and staff; title and replies stay. */
    hiddenAt: timestamptz("hidden_at"),
    /** Null once its starter is deleted and it outlives them, credited to "Deleted member" (docs/decisions/058). */
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    postsCount: integer("posts_count").notNull().default(0),
    lastPostAt: timestamptz("last_post_at"),
    isLocked: boolean("is_locked").notNull().default(false),
    isPinned: boolean("is_pinned").notNull().default(false),
    categoryId: integer("category_id")
      .notNull()
      .default(GENERAL_CATEGORY_ID)
      .references(() => categories.id),
    /** Its tags, normalized (shared/schemas/categories.ts), in the order given. */
    tags: varchar("tags", { length: TAG_MAX_LENGTH }).array().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The forum list order: pinned first, then latest activity.
    index("topics_list_order_idx").on(
      sql`${table.isPinned} DESC`,
      sql`coalesce(${table.lastPostAt}, ${table.createdAt}) DESC`,
      sql`${table.id} DESC`,
    ),
    index("topics_created_by_created_at_idx").on(table.createdBy, table.createdAt),
    // The list order within one category.
    index("topics_category_list_order_idx").on(
      table.categoryId,
      sql`${table.isPinned} DESC`,
      sql`coalesce(${table.lastPostAt}, ${table.createdAt}) DESC`,
      sql`${table.id} DESC`,
    ),
    // Topics carrying a tag (tags @> ARRAY[tag]).
    index("topics_tags_idx").using("gin", table.tags),
    // Newest first: Top's topics without posts in the period, and the topics new to a member.
    index("topics_created_at_idx").on(sql`${table.createdAt} DESC`, sql`${table.id} DESC`),
    // Top of all time: most posts, newer topic first.
    // The descriptions the Markdown backfill has yet to render: empty once it is done.
    index("topics_unrendered_idx").on(table.id).where(sql`${table.description} IS NOT NULL AND ${table.descriptionHtml} IS NULL`),
    index("topics_top_all_idx").on(sql`${table.postsCount} DESC`, sql`${table.createdAt} DESC`, sql`${table.id} DESC`),
  ],
);
