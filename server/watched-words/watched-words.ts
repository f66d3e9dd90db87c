import type { Db } from "../db/client";
import type { Listener } from "../db/listener";
import { channels, listen } from "../events/channels";
import { listWatchedWordEntries } from "../queries/watched-words";
import { compileWatchedWords, type WordMatcher } from "./matcher";

/**
 * The process's compiled watched words (docs/decisions/064): read and compiled on first use, kept
 * until the list changes. Every process hears of a change on `watched_words_changed` (published by
 * commands/watched-words.ts in the change's transaction); the process that made it forgets at once
 * (`changed`), so its next write already sees the new list. While the LISTEN connection is down,
 * nothing is kept: each write reads the list.
 */
export class WatchedWords {
  private compiled: Promise<WordMatcher> | null = null;
  private heard = false;

  constructor(private readonly db: Pick<Db, "select">) {}

  /** Subscribes to `watched_words_changed` on the process's one LISTEN connection. */
  listenOn(listener: Listener): void {
    void listen(listener, channels.watchedWordsChanged, {
      notify: () => this.changed(),
      listening: () => {
        this.heard = true;
        this.changed();
      },
      lost: () => {
        this.heard = false;
        this.changed();
      },
    });
  }

  /** The list as compiled now. A read that a change overtook is not kept (`changed` drops it). */
  matcher(): Promise<WordMatcher> {
    if (!this.heard) return this.load();
    if (!this.compiled) {
      const loading = this.load();
      this.compiled = loading;
      loading.catch(() => {
        if (this.compiled === loading) this.compiled = null;
      });
    }
    return this.compiled;
  }

  /** The list changed: the next write compiles it again. */
  changed(): void {
    this.compiled = null;
  }

  private async load(): Promise<WordMatcher> {
    return compileWatchedWords(await listWatchedWordEntries(this.db));
  }
}
