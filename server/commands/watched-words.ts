import { count, eq, sql } from "drizzle-orm";
import { WATCHED_WORD_NOT_FOUND, WATCHED_WORD_TAKEN, WATCHED_WORDS_FULL, WATCHED_WORDS_MAX, watchedWordKey } from "@shared/watched-words";
import type { CreateWatchedWordData } from "@shared/schemas/watched-words";
import type { Db } from "../db/client";
import { watchedWords } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import { channels, publish } from "../events/channels";
import { findWatchedWord } from "../queries/watched-words";

/**
 * Adds a watched word (docs/product.md "Watched words"): one word, by its compared form, has one
 * action (409 for a second), at most WATCHED_WORDS_MAX in all. Every process hears of it at commit
 * (`watched_words_changed`) and compiles its list again.
 */
export function addWatchedWord(db: Db, adminId: number, input: CreateWatchedWordData) {
  return db.transaction(async (tx) => {
    // Additions take turns, so the count below holds.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('watched_words'))`);
    const [total] = await tx.select({ count: count() }).from(watchedWords);
    if (total!.count >= WATCHED_WORDS_MAX) throw badRequest(WATCHED_WORDS_FULL);
    const added = await tx
      .insert(watchedWords)
      .values({ word: input.word, key: watchedWordKey(input.word), action: input.action, createdBy: adminId })
      .onConflictDoNothing()
      .returning({ id: watchedWords.id });
    if (added.length === 0) throw conflict(WATCHED_WORD_TAKEN);
    await publish(tx, channels.watchedWordsChanged, "");
    return (await findWatchedWord(tx, added[0]!.id))!;
  });
}

/** Removes a watched word (404 when there is none); every process hears of it at commit. */
export function removeWatchedWord(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(watchedWords).where(eq(watchedWords.id, id)).returning({ id: watchedWords.id });
    if (removed.length === 0) throw notFound(WATCHED_WORD_NOT_FOUND);
    await publish(tx, channels.watchedWordsChanged, "");
  });
}
