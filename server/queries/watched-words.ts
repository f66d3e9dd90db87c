import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, watchedWords } from "../db/schema";
import type { WatchedWordRow } from "../presenters/watched-word";

const columns = {
  id: watchedWords.id,
  word: watchedWords.word,
  action: watchedWords.action,
  createdBy: users.username,
  createdAt: watchedWords.createdAt,
};

/** The whole list, newest first (at most WATCHED_WORDS_MAX rows). */
export function listWatchedWords(db: Pick<Db, "select">): Promise<WatchedWordRow[]> {
  return db.select(columns).from(watchedWords).leftJoin(users, eq(users.id, watchedWords.createdBy)).orderBy(desc(watchedWords.id));
}

/** What the matcher is compiled from: each word and its action. */
export function listWatchedWordEntries(db: Pick<Db, "select">) {
  return db.select({ word: watchedWords.word, action: watchedWords.action }).from(watchedWords).orderBy(watchedWords.id);
}

export async function findWatchedWord(db: Pick<Db, "select">, id: number): Promise<WatchedWordRow | undefined> {
  const [row] = await db.select(columns).from(watchedWords).leftJoin(users, eq(users.id, watchedWords.createdBy)).where(eq(watchedWords.id, id));
  return row;
}
