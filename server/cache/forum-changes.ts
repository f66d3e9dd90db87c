import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "../db/client";
import type { Listener } from "../db/listener";
import { EVERYTHING } from "./shared-cache";

/** The NOTIFY channel of changes to the forum's shared data; the payload is tags, space-separated. */
export const FORUM_CHANNEL = "forum_changed";

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

/** Tags changed by a connection's open transaction, by its pool client, until it goes back to its pool. */
const changedOnConnection = new WeakMap<object, Set<string>>();
const cachesOfPool = new WeakMap<pg.Pool, Set<ForumCache>>();
let cacheCount = 0;

/**
 * Call in the command that changes what a topic list or a topic's posts page shows, with its
 * transaction. Other processes hear it once it commits (NOTIFY is delivered at commit); this
 * process clears the tags when the transaction's connection goes back to the pool, right after
 * commit, so its very next request sees the change (as identityChanged does for identities).
 */
export async function forumChanged(db: Executor, tags: readonly string[]): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${FORUM_CHANNEL}, ${tags.join(" ")})`);
  if (cacheCount === 0) return;
  // Not in a transaction (the pool's own database): the statement is committed already.
  const pool = (db as Partial<Pick<Db, "$client">>).$client;
  if (pool) return clear(cachesOfPool.get(pool), tags);
  const client = (db as unknown as { session: { client: object } }).session.client;
  const pending = changedOnConnection.get(client) ?? new Set<string>();
  for (const tag of tags) pending.add(tag);
  changedOnConnection.set(client, pending);
}

/**
 * Tells `cache` of every forum change: announced ones through the process's shared listener (any
 * process), and this process's own commands through `pool` once their transaction ends.
 */
export function watchForumChanges({ pool, listener, cache }: { pool: pg.Pool; listener: Listener; cache: ForumCache }): () => void {
  const caches = cachesOfPool.get(pool) ?? watchPool(pool);
  caches.add(cache);
  cacheCount++;
  void listener.subscribe(FORUM_CHANNEL, {
    notify: (payload) => clear([cache], payload.split(" ")),
    listening: () => cache.setListening(true),
    lost: () => cache.setListening(false),
  });
  return () => {
    if (caches.delete(cache)) cacheCount--;
    cache.setListening(false);
  };
}

function watchPool(pool: pg.Pool): Set<ForumCache> {
  const watched = new Set<ForumCache>();
  cachesOfPool.set(pool, watched);
  pool.on("release", (_error, client) => {
    const pending = changedOnConnection.get(client);
    if (!pending) return;
    changedOnConnection.delete(client);
    clear(watched, pending);
  });
  return watched;
}

function clear(caches: Iterable<ForumCache> | undefined, tags: Iterable<string>): void {
  for (const tag of tags) for (const cache of caches ?? []) cache.clear(tag);
}
