import { sql } from "drizzle-orm";
import { CATEGORY_LIMITS } from "@shared/constants";
import { integer, pgTable, serial, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, hexColor, lower, updatedAt } from "./columns";

/**
 * The forum's categories, in `position` order (1 = first, no gaps; kept so by the category commands
 * under one lock). `General` (id 1) is made by the migration that brought them. `topics_count` is
 * kept exact by triggers on `topics` in the same transaction as every change (see the migration).
 */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: CATEGORY_LIMITS.name }).notNull(),
    slug: varchar("slug", { length: CATEGORY_LIMITS.slug }).notNull(),
    description: varchar("description", { length: CATEGORY_LIMITS.description }),
    color: hexColor("color").notNull(),
    position: integer("position").notNull(),
    topicsCount: integer("topics_count").notNull().default(0),
    // Group ids (docs/decisions/063): who may read its topics and posts, and who may start topics and
    // reply in it. Empty: every member. Staff read and write every category.
    readGroups: integer("read_groups").array().notNull().default(sql`'{}'::int[]`),
    writeGroups: integer("write_groups").array().notNull().default(sql`'{}'::int[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("categories_name_lower_idx").on(lower(table.name)), uniqueIndex("categories_slug_idx").on(table.slug)],
);

