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
    description: text("description"),
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
    index("topics_top_all_idx").on(sql`${table.postsCount} DESC`, sql`${table.createdAt} DESC`, sql`${table.id} DESC`),
  ],
);
