import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { DEFAULT_LINK_ICON_TYPE, TEXT_LIMITS, type LinkIconType } from "@shared/constants";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

export const userLinks = pgTable(
  "user_links",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: TEXT_LIMITS.linkTitle }).notNull(),
    url: varchar("url", { length: TEXT_LIMITS.url }).notNull(),
    iconType: varchar("icon_type", { length: TEXT_LIMITS.iconType }).$type<LinkIconType>().notNull().default(DEFAULT_LINK_ICON_TYPE),
    iconName: varchar("icon_name", { length: TEXT_LIMITS.iconName }),
    iconUrl: text("icon_url"),
    displayOrder: integer("display_order").notNull().default(0),
    isVisible: boolean("is_visible").notNull().default(true),
    /** The link's window on the public card (shared/policies/link-schedule.ts): from (included) until (excluded); null is open. */
    visibleFrom: timestamptz("visible_from"),
    visibleUntil: timestamptz("visible_until"),
    createdAt: createdAt(),
  },
  (table) => [
    index("user_links_user_order_idx").on(table.userId, table.displayOrder, table.id),
    check("user_links_window", sql`${table.visibleUntil} > ${table.visibleFrom}`),
  ],
);
