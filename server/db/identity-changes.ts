import type pg from "pg";
import type { Logger } from "../logger";
import { createListener } from "./listener";

/** The NOTIFY channel the `users` and `sessions` triggers announce changes on (migration 0014). */
export const IDENTITY_CHANNEL = "identity_changed";

/** A cache of rows of `users` or `sessions`, told of every change to them. */
export interface IdentityCache {
  /** `u<user id>` (a member's row), `s<session id>` (a session), `*` (anything may have changed). */
  onAnnouncement(payload: string): void;
  /** False while changes cannot be heard: cache nothing. True again: start empty, some may have been missed. */
  setListening(listening: boolean): void;
}

/**
 * Tells `caches` of every change of a member or a session (docs/decisions/018-identity-caches.md):
 * PostgreSQL announces them, whatever made them (any server process, the CLI, psql), and this
 * process's own statements are caught as they are sent, before their announcement comes back.
 */
export function watchIdentityChanges({ pool, logger, caches }: { pool: pg.Pool; logger: Logger; caches: IdentityCache[] }) {
  const setListening = (listening: boolean) => caches.forEach((cache) => cache.setListening(listening));
  const listener = createListener({
    name: "Identity changes listener",
    connection: { ...(pool.options as pg.ClientConfig) },
    channels: [IDENTITY_CHANNEL],
    logger,
    onNotification: (_channel, payload) => caches.forEach((cache) => cache.onAnnouncement(payload)),
    onListening: () => setListening(true),
    onLost: () => setListening(false),
  });
  // Until it listens the caches hold nothing; a failed first connection retries like a dropped one.
  const listening = listener.start().catch((error: Error) => logger.warn({ error: error.message }, "Identity changes listener could not start"));
  announceOwnWrites(pool, IDENTITY_TABLES, () => caches.forEach((cache) => cache.onAnnouncement("*")));
  return {
    async close() {
      await listening;
      await listener.close();
    },
  };
}

const READ_ONLY = /^\s*select\b/i;
const IDENTITY_TABLES = /\b(?:users|sessions)\b/i;

/**
 * A statement sent through `pool` that may write one of `tables` (the app's, or a test's own)
 * calls `changed` when it is sent and again when its connection goes back to the pool, that is
 * once it (or its transaction) is committed. Overly careful by design: a false alarm costs a
 * query, a missed write would serve a banned member.
 */
export function announceOwnWrites(pool: pg.Pool, tables: RegExp, changed: () => void): void {
  const watched = new WeakSet<pg.PoolClient>();
  const wrote = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => {
    if (watched.has(client)) return;
    watched.add(client);
    const query = client.query;
    client.query = function (this: pg.PoolClient, config: unknown, ...rest: unknown[]) {
      const text = typeof config === "string" ? config : (config as { text?: unknown } | null)?.text;
      if (typeof text === "string" && !READ_ONLY.test(text) && tables.test(text)) {
        wrote.add(client);
        changed();
      }
      return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof client.query;
  });
  pool.on("release", (_error, client) => {
    if (wrote.delete(client)) changed();
  });
}
