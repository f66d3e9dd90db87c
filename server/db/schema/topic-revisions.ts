import { integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { topics } from "./topics";

/**
 * The earlier descriptions of a topic whose author edited its opener, as post_revisions keeps a
 * post's: version 1 is the text as first written; the topic holds the newest. An empty text ("")
 * stands for no description.
 */
export const topicRevisions = pgTable(
  "topic_revisions",
  {
    id: serial("id").primaryKey(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    content: text("content").notNull(),
    html: text("html").notNull(),
    editedAt: timestamptz("edited_at").notNull(),
  },
  (table) => [uniqueIndex("topic_revisions_topic_id_version_idx").on(table.topicId, table.version)],
);
