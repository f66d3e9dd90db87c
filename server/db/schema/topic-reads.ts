import { index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { topics } from "./topics";
import { users } from "./users";

/**
 * How far a member has read each topic they opened: posts with a greater id are unread. The post is
 * not a foreign key, since a read position stays meaningful after that post is deleted.
 */
export const topicReads = pgTable(
  "topic_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    lastReadPostId: integer("last_read_post_id").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.topicId] }), index("topic_reads_topic_id_idx").on(table.topicId)],
);
