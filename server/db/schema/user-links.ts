import { boolean, index, integer, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const userLinks = pgTable(
  "user_links",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 100 }).notNull(),
    url: varchar("url", { length: 2000 }).notNull(),
    iconType: varchar("icon_type", { length: 20 }).notNull().default("custom"),
    iconName: varchar("icon_name", { length: 50 }),
    iconUrl: text("icon_url"),
    displayOrder: integer("display_order").notNull().default(0),
    isVisible: boolean("is_visible").notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index("user_links_user_order_idx").on(table.userId, table.displayOrder, table.id)],
);
