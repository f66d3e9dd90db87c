import { index, integer, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { TEXT_LIMITS } from "@shared/constants";
import { createdAt } from "./columns";
import { users } from "./users";

/** The audit trail: who did what to whom, why, and when. Names are copied so history survives deletions. */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: serial("id").primaryKey(),
    action: varchar("action", { length: 40 }).notNull(),
    adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
    adminUsername: varchar("admin_username", { length: TEXT_LIMITS.usernameMax }),
    targetUserId: integer("target_user_id").references(() => users.id, { onDelete: "set null" }),
    targetUsername: varchar("target_username", { length: TEXT_LIMITS.usernameMax }),
    details: text("details"),
    createdAt: createdAt(),
  },
  (table) => [index("admin_actions_created_at_idx").on(table.createdAt, table.id)],
);
