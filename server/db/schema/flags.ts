import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { FLAG_NOTE_MAX_LENGTH, type ReviewFlagReason, type FlagTargetType, type ReviewAction, type ReviewStatus } from "@shared/flags";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/**
 * The review queue (docs/product.md "Moderation by the community"): one item per flagged target while it is pending;
 * a flag after the item is resolved opens a new one. `targetId` is the post, comment or message
 * id, or the card owner's user id. `authorId` is whose the target is (set null if they go).
 */
export const reviewItems = pgTable(
  "review_items",
  {
    id: serial("id").primaryKey(),
    targetType: varchar("target_type", { length: 20 }).$type<FlagTargetType>().notNull(),
    targetId: integer("target_id").notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    status: varchar("status", { length: 20 }).$type<ReviewStatus>().notNull().default("pending"),
    action: varchar("action", { length: 20 }).$type<ReviewAction>(),
    note: text("note"),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamptz("resolved_at"),
    createdAt: createdAt(),
  },
  (table) => [
    // One pending item per target: every open flag on it belongs to that item.
    uniqueIndex("review_items_pending_target_idx").on(table.targetType, table.targetId).where(sql`${table.status} = 'pending'`),
    index("review_items_status_created_idx").on(table.status, table.createdAt, table.id),
    index("review_items_resolved_idx").on(table.status, table.resolvedAt, table.id),
    check("review_items_resolved", sql`(${table.status} = 'pending') = (${table.resolvedAt} IS NULL)`),
  ],
);

/**
 * A member's flag; it is open while its item is pending, and resolved with it. A system flag has no
 * flagger: a watched word of action `flag` raised it, named in `note` (docs/decisions/064).
 */
export const flags = pgTable(
  "flags",
  {
    id: serial("id").primaryKey(),
    reviewItemId: integer("review_item_id")
      .notNull()
      .references(() => reviewItems.id, { onDelete: "cascade" }),
    flaggerId: integer("flagger_id").references(() => users.id, { onDelete: "cascade" }),
    reason: varchar("reason", { length: 20 }).$type<ReviewFlagReason>().notNull(),
    note: varchar("note", { length: FLAG_NOTE_MAX_LENGTH }),
    createdAt: createdAt(),
  },
  (table) => [
    // One open flag per member per target: the item is the target's while pending.
    uniqueIndex("flags_item_flagger_idx").on(table.reviewItemId, table.flaggerId),
    // A member's flags of the last day (FLAGS_PER_DAY).
    index("flags_flagger_created_idx").on(table.flaggerId, table.createdAt),
    // One system flag per item, and only the system raises flags without a flagger.
    uniqueIndex("flags_item_system_idx").on(table.reviewItemId).where(sql`${table.flaggerId} IS NULL`),
    check("flags_system_reason", sql`(${table.flaggerId} IS NULL) = (${table.reason} = 'watched_word')`),
  ],
);
