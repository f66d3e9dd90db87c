import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, varchar } from "drizzle-orm/pg-core";
import { CONVERSATION_TITLE_MAX_LENGTH, MESSAGE_CONTENT_MAX_LENGTH } from "@shared/constants";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/** A private conversation (docs/product.md "Private messages and blocking"); it goes when its last member leaves. */
export const conversations = pgTable(
  "conversations",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: CONVERSATION_TITLE_MAX_LENGTH }),
    createdAt: createdAt(),
  },
);

/**
 * Who is in a conversation, with what each member's list needs from indexes alone
 * (docs/decisions/032-private-messages.md): `last_message_id`, the conversation's newest message
 * (copied to every member's row on each message), orders the list; `last_read_message_id` is the
 * member's read position, so a row with `last_message_id > last_read_message_id` may hold unread
 * messages. Message ids are not foreign keys: a position stays meaningful after a message goes.
 */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastMessageId: integer("last_message_id").notNull(),
    lastReadMessageId: integer("last_read_message_id").notNull().default(0),
    joinedAt: timestamptz("joined_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    // A member's list, most recent activity first, keyset-paged by last_message_id.
    index("conversation_participants_user_id_last_message_id_idx").on(table.userId, sql`${table.lastMessageId} DESC`),
    // A member's conversations that may hold unread messages: the navigation's count reads only these.
    index("conversation_participants_unread_idx")
      .on(table.userId)
      .where(sql`${table.lastMessageId} > ${table.lastReadMessageId}`),
  ],
);

/**
 * A message: Markdown `content` and its rendering `html` (server/markdown), like posts. Deleting one
 * keeps its place with empty text (`deleted`); deleting its author deletes it (the member deletion job).
 */
export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** Null once its author is deleted and it outlives them (docs/decisions/058). */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    /** The source as the other members read it: censored words as ■■■ (docs/decisions/064); null when it has none. */
    contentCensored: text("content_censored"),
    html: text("html").notNull(),
    /** The rendered text without Markdown marks: the list's excerpt. */
    plainText: text("plain_text").notNull(),
    deleted: boolean("deleted").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "messages_content_length",
      sql`char_length(${table.content}) <= ${sql.raw(String(MESSAGE_CONTENT_MAX_LENGTH))} AND (${table.deleted} OR char_length(${table.content}) >= 1)`,
    ),
    // A conversation's pages (WHERE conversation_id = ? AND id < ? ORDER BY id DESC), its newest message and unread counts.
    index("messages_conversation_id_id_idx").on(table.conversationId, table.id),
    // A member's own messages: the export, and the deletion job's batches.
    index("messages_author_id_id_idx").on(table.authorId, table.id),
  ],
);
