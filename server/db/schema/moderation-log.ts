import { index, integer, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { TEXT_LIMITS } from "@shared/constants";
import type { ModerationAction, ModerationTargetType } from "@shared/moderation-log";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * The public moderation log (docs/product.md "Moderation by the community"): what staff did, to what, and why.
 * Names and labels are copied so the log survives deletions; a label never quotes hidden text.
 */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: serial("id").primaryKey(),
    action: varchar("action", { length: 40 }).$type<ModerationAction>().notNull(),
    targetType: varchar("target_type", { length: 20 }).$type<ModerationTargetType>().notNull(),
    targetLabel: varchar("target_label", { length: 200 }).notNull(),
    reason: text("reason"),
    moderatorId: integer("moderator_id").references(() => users.id, { onDelete: "set null" }),
    moderatorUsername: varchar("moderator_username", { length: TEXT_LIMITS.usernameMax }),
    createdAt: createdAt(),
  },
  (table) => [index("moderation_log_created_at_idx").on(table.createdAt, table.id)],
);
