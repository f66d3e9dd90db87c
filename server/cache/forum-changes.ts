import type pg from "pg";
import type { Db } from "../db/client";
import { Announcements } from "../db/announcements";
import type { Listener } from "../db/listener";
import { channels, listen } from "../events/channels";
import { EVERYTHING } from "./shared-cache";

/** What a change touches: the tags cached entries carry (SharedCache). */
export const forumTags = {
  /** A topic's posts pages (its posts, or the topic itself gone). */
  topic: (id: number) => `t${id}`,
  /** Rows that show a member: their username, avatar or posts count. */
  member: (id: number) => `m${id}`,
  /** The topic lists: any topic's row or order. */
  lists: "l",
  everything: EVERYTHING,
} as const;

/** A cache told of forum changes. */
export interface ForumCache {
  clear(tag: string): void;
  setListening(listening: boolean): void;
}

/** Anything that can run SQL: the Drizzle database or a transaction. */
type Executor = Pick<Db, "execute">;

const announcements = new Announcements(channels.forumChanged);
const tagsOf = (payload: string) => payload.split(" ");

/**
 * Call in the command that changes what a topic list or a topic's posts page shows, with its
 * transaction. Other processes hear it once it commits; this process clears the tags right after
 * commit, so its very next request sees the change (server/db/announcements.ts).
 */
export function forumChanged(db: Executor, tags: readonly string[]): Promise<void> {
  return announcements.announce(db, tags.join(" "));
}

/**
 * Tells `cache` of every forum change: announced ones through the process's shared listener (any
 * process), and this process's own commands through `pool` once their transaction ends.
 */
export function watchForumChanges({ pool, listener, cache }: { pool: pg.Pool; listener: Listener; cache: ForumCache }): () => void {
  const clear = (payload: string) => tagsOf(payload).forEach((tag) => cache.clear(tag));
  const stopHearingOwn = announcements.hearOwn(pool, clear);
  void listen(listener, channels.forumChanged, {
    notify: clear,
    listening: () => cache.setListening(true),
    lost: () => cache.setListening(false),
  });
  // The listener closes with the app; its subscription goes with it.
  return () => {
    stopHearingOwn();
    cache.setListening(false);
  };
}
