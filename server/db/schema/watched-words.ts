import { index, integer, pgTable, serial, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { WATCHED_WORD_MAX_LENGTH, type WatchedWordAction } from "@shared/watched-words";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * Watched words (docs/product.md "Watched words", docs/decisions/064): `word` as the administrator
 * typed it, `key` its compared form (watchedWordKey: no accents, lower case), unique over the whole
 * list, so a word has one action. Changes are announced on `watched_words_changed`
 * (server/events/channels.ts), which clears every process's compiled list.
 */
export const watchedWords = pgTable(
  "watched_words",
  {
    id: serial("id").primaryKey(),
    word: varchar("word", { length: WATCHED_WORD_MAX_LENGTH }).notNull(),
    key: varchar("key", { length: WATCHED_WORD_MAX_LENGTH }).notNull(),
    action: varchar("action", { length: 10 }).$type<WatchedWordAction>().notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("watched_words_key_idx").on(table.key), index("watched_words_created_by_idx").on(table.createdBy)],
);
