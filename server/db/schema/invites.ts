import { index, integer, pgTable, serial, varchar } from "drizzle-orm/pg-core";
import { INVITE_CODE_LENGTH } from "@shared/constants";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

export const invites = pgTable(
  "invites",
  {
    id: serial("id").primaryKey(),
    code: varchar("code", { length: INVITE_CODE_LENGTH }).notNull().unique("invites_code_unique"),
    // Null creator: made by the system (bootstrap) or the operator CLI.
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    // A used invite is history and survives its user; the delete-user command removes unused ones.
    usedBy: integer("used_by").references(() => users.id, { onDelete: "set null" }),
    assignedTo: integer("assigned_to").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamptz("expires_at"),
    createdAt: createdAt(),
    usedAt: timestamptz("used_at"),
  },
  (table) => [
    index("invites_created_at_idx").on(table.createdAt, table.id),
    // A member's assigned invites, in the order they are listed (newest first).
    index("invites_assigned_to_created_at_idx").on(table.assignedTo, table.createdAt, table.id),
    index("invites_used_by_idx").on(table.usedBy),
    index("invites_created_by_idx").on(table.createdBy),
  ],
);
