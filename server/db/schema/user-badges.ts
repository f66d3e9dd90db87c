import { integer, pgTable, serial, unique, varchar } from "drizzle-orm/pg-core";
import { TEXT_LIMITS } from "@shared/constants";
import { timestamptz } from "./columns";
import { users } from "./users";

/** Manually granted badges only; automatic ones are derived when read. */
export const userBadges = pgTable(
  "user_badges",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badgeType: varchar("badge_type", { length: TEXT_LIMITS.badgeType }).notNull(),
    grantedBy: integer("granted_by").references(() => users.id, { onDelete: "set null" }),
    grantedAt: timestamptz("granted_at").notNull().defaultNow(),
  },
  (table) => [unique("user_badges_user_badge_unique").on(table.userId, table.badgeType)],
);
