import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { GROUP_LIMITS } from "@shared/constants";
import { createdAt, lower } from "./columns";
import { users } from "./users";

/**
 * Groups of members, named by administrators, that categories open to (categories.read_groups and
 * write_groups; docs/decisions/063). The built-in `staff` group (id 1, made by its migration) has no
 * rows in group_members: its members are the moderators and administrators, read from their role.
 */
export const groups = pgTable(
  "groups",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: GROUP_LIMITS.name }).notNull(),
    builtIn: boolean("built_in").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("groups_name_lower_idx").on(lower(table.name)),
    check("groups_name_length", sql`char_length(${table.name}) BETWEEN 1 AND ${sql.raw(String(GROUP_LIMITS.name))}`),
  ],
);

/** Who is in which group (never the built-in staff group, whose members come from the role). */
export const groupMembers = pgTable(
  "group_members",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.userId] }), index("group_members_user_idx").on(table.userId, table.groupId)],
);
