import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, varchar } from "drizzle-orm/pg-core";
import { topics } from "./topics";
import { users } from "./users";

/**
 * A member's notification level of a topic other than the default `tracking` (docs/product.md "Watching, push and install",
 * docs/decisions/039-watching-and-push.md): `watching` (told of every new post) or `muted` (told of
 * no reply, mentions still). Setting `tracking` deletes the row, so a topic's rows are only its
 * watchers and muters, read in one range of the primary key when a post fans out.
 */
export const topicNotificationLevels = pgTable(
  "topic_notification_levels",
  {
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    level: varchar("level", { length: 10 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.topicId, table.userId] }),
    check("topic_notification_levels_level", sql`${table.level} IN ('watching', 'muted')`),
    // A member's list on the settings screen, paged by topic id.
    index("topic_notification_levels_user_id_topic_id_idx").on(table.userId, table.topicId),
  ],
);
