import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, varchar } from "drizzle-orm/pg-core";
import { DRAFT_CONTENT_MAX_LENGTH } from "@shared/constants";
import type { DraftTopic } from "@shared/schemas/drafts";
import { timestamptz } from "./columns";
import { users } from "./users";

/**
 * A member's unsent text per composer (docs/product.md "Forum"), keyed as shared/schemas/drafts.ts
 * builds the keys. Not foreign keys to topics or profiles: a key is only a name, and a draft for a
 * topic that went away is harmless and goes with the 50-draft cap.
 */
export const drafts = pgTable(
  "drafts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: varchar("key", { length: 40 }).notNull(),
    content: text("content").notNull(),
    /** The new-topic draft's title, category and tags (validated by draftTopicSchema); null elsewhere. */
    topic: jsonb("topic").$type<DraftTopic>(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    check("drafts_content_length", sql`char_length(${table.content}) <= ${sql.raw(String(DRAFT_CONTENT_MAX_LENGTH))}`),
    // The cap keeps a member's newest drafts: read in this order.
    index("drafts_user_id_updated_at_idx").on(table.userId, table.updatedAt),
  ],
);
