import { integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { posts } from "./posts";

/**
 * The earlier texts of an edited post: each edit keeps the text it replaced. Version 1 is the text
 * as first posted; the post itself holds the newest version (the number of its revisions plus one).
 */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: serial("id").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    content: text("content").notNull(),
    html: text("html").notNull(),
    /** When this text was written (the post's creation or the edit that made it). */
    editedAt: timestamptz("edited_at").notNull(),
  },
  // A post's revisions newest first: read backwards along this index.
  (table) => [uniqueIndex("post_revisions_post_id_version_idx").on(table.postId, table.version)],
);
