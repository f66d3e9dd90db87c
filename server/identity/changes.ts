import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "../db/client";
import type { Listener } from "../db/listener";

/** The NOTIFY channel identity changes are announced on, by the app's commands and by the triggers of migrations 0014/0018. */
export const IDENTITY_CHANNEL = "identity_changed";

/** A cache of members' identities or sessions, told of every change to them. */
export interface IdentityCache {
  /** `u<user id>` (a member's identity), `s<session id>` (a session), `*` (anything may have changed). */
  onAnnouncement(payload: string): void;
  /** False while changes cannot be heard: cache nothing. True again: start empty, some may have been missed. */
  setListening(listening: boolean): void;
}

/** Anything that can run SQL: the Drizzle database or a transaction. */
type Executor = Pick<Db, "execute">;

/**
 * Members changed by a database connection's open transaction, by its pool client, until it goes back
 * to its pool. Not by backend pid: behind PgBouncer a client's pid is PgBouncer's, not its server's.
 */
const changedOnConnection = new WeakMap<object, Set<string>>();
/** The caches of each pool watched in this process (each test "process" has a pool of its own). */
const cachesOfPool = new WeakMap<pg.Pool, Set<IdentityCache>>();
/** How many caches this process has: none (the CLI), nothing to forget. */
let cacheCount = 0;

/**
 * Call in the command that changes a member's identity (username, administrator, ban, deletion, or
 * their sessions), with the transaction that changes it. Other processes hear it once it commits
 * (NOTIFY is delivered at commit); this process forgets the member when the transaction's
 * connection goes back to the pool, that is right after commit, so its very next request sees the change.
 */
export async function identityChanged(db: Executor, memberId: number): Promise<void> {
  const payload = `u${memberId}`;
  await db.execute(sql`SELECT pg_notify(${IDENTITY_CHANNEL}, ${payload})`);
  // A process without caches (the CLI) has nothing to forget.
  if (cacheCount === 0) return;
  // Not in a transaction (the pool's own database): the statement is committed already.
  const pool = (db as Partial<Pick<Db, "$client">>).$client;
  if (pool) return forget(cachesOfPool.get(pool), [payload]);
  // A transaction runs on one pool client, which Drizzle keeps on the transaction's session.
  const client = (db as unknown as { session: { client: object } }).session.client;
  const payloads = changedOnConnection.get(client) ?? new Set<string>();
  changedOnConnection.set(client, payloads.add(payload));
}

/**
 * Tells `cache` of every identity change: announced ones through the process's shared listener
 * (any process, the CLI, psql through the triggers), and this process's own commands through
 * `pool` once their transaction ends (`identityChanged`). Until the listener listens, it caches nothing.
 */
export function watchIdentityChanges({ pool, listener, cache }: { pool: pg.Pool; listener: Listener; cache: IdentityCache }): () => void {
  const caches = cachesOfPool.get(pool) ?? watchPool(pool);
  caches.add(cache);
  cacheCount++;
  void listener.subscribe(IDENTITY_CHANNEL, {
    notify: (payload) => cache.onAnnouncement(payload),
    listening: () => cache.setListening(true),
    lost: () => cache.setListening(false),
  });
  // The listener closes with the app; its subscription goes with it.
  return () => {
    if (caches.delete(cache)) cacheCount--;
    cache.setListening(false);
  };
}

/** Forgets, in `pool`'s caches, what a transaction changed once its connection is back in the pool. */
function watchPool(pool: pg.Pool): Set<IdentityCache> {
  const watched = new Set<IdentityCache>();
  cachesOfPool.set(pool, watched);
  pool.on("release", (_error, client) => {
    const payloads = changedOnConnection.get(client);
    if (!payloads) return;
    changedOnConnection.delete(client);
    forget(watched, payloads);
  });
  return watched;
}

function forget(caches: Set<IdentityCache> | undefined, payloads: Iterable<string>): void {
  for (const payload of payloads) for (const cache of caches ?? []) cache.onAnnouncement(payload);
}
