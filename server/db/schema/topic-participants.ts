import { index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { topics } from "./topics";
import { users } from "./users";

/**
 * Who started or posted in each topic: the recipients of its reply notifications, read in one
 * index range however many posts the topic has. Added to as posts are made; a deleted post leaves
 * its author a participant.
 */
export const topicParticipants = pgTable(
  "topic_participants",
  {
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.topicId, table.userId] }), index("topic_participants_user_id_idx").on(table.userId)],
);
