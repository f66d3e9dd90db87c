import { boolean, index, integer, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { DEFAULT_LINK_ICON_TYPE, TEXT_LIMITS, type LinkIconType } from "@shared/constants";
import { createdAt } from "./columns";
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
    createdAt: createdAt(),
  },
  (table) => [index("user_links_user_order_idx").on(table.userId, table.displayOrder, table.id)],
);
