import { count, eq, sql } from "drizzle-orm";
import { blockedWordMessage, WATCHED_WORD_NOT_FOUND, WATCHED_WORD_TAKEN, WATCHED_WORDS_FULL, WATCHED_WORDS_MAX, watchedWordKey } from "@shared/watched-words";
import type { FlagTargetType } from "@shared/flags";
import type { CreateWatchedWordData } from "@shared/schemas/watched-words";
import type { Db } from "../db/client";
import { watchedWords } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import { channels, publish } from "../events/channels";
import { findWatchedWord } from "../queries/watched-words";
import type { WordMatch, WordMatcher } from "../watched-words/matcher";

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

type Executor = Pick<Db, "execute">;

/** A source as readers other than its author and staff get it: censored words as ■■■; null when it has none. */
export function censoredSource(words: WordMatcher, source: string | null): string | null {
  if (source === null) return null;
  const censored = words.censor(source);
  return censored === source ? null : censored;
}

/**
 * Checks what a member writes against the watched words (docs/product.md "Watched words"): a
 * blocked word refuses the write (400, naming the word as written); else the first word to flag
 * is answered, for raiseWatchedWordFlag once the text is stored.
 */
export function screenWrite(words: WordMatcher, ...texts: (string | null | undefined)[]): WordMatch | null {
  const written = texts.filter((text): text is string => typeof text === "string" && text !== "");
  const blocked = words.blocked(...written);
  if (blocked) throw badRequest(blockedWordMessage(blocked.matched));
  return words.flagged(...written);
}

/**
 * A system flag on what was just written: the target's pending review item (opened if none is)
 * gets one flag without a flagger, reason `watched_word`, the word in its note. The text stays
 * shown; staff see it in the queue at once. One system flag per pending item.
 */
export async function raiseWatchedWordFlag(tx: Executor, target: { type: FlagTargetType; id: number; authorId: number }, match: WordMatch): Promise<void> {
  const item = await tx.execute<{ id: number; opened: boolean }>(sql`
    INSERT INTO review_items (target_type, target_id, author_id) VALUES (${target.type}, ${target.id}, ${target.authorId})
    ON CONFLICT (target_type, target_id) WHERE status = 'pending' DO UPDATE SET author_id = excluded.author_id
    RETURNING id, (xmax = 0) AS opened`);
  const { id, opened } = item.rows[0]!;
  await tx.execute(sql`
    INSERT INTO flags (review_item_id, flagger_id, reason, note) VALUES (${id}, NULL, 'watched_word', ${match.word})
    ON CONFLICT DO NOTHING`);
  if (opened) await publish(tx, channels.reviewCount, "");
}
