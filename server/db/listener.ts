import pg from "pg";
import type { Logger } from "../logger";

export interface ListenerOptions {
  /** Who listens, for the log ("Presence listener"). */
  name: string;
  /** Connection settings of the dedicated client (the pool's own). */
  connection: pg.ClientConfig;
  channels: string[];
  logger: Logger;
  onNotification(channel: string, payload: string): void;
  /** After every (re)connection, once LISTEN is in place: notifications may have been missed before. */
  onListening(): Promise<void> | void;
  /** The connection dropped: notifications will be missed until `onListening` again. */
  onLost?(): void;
  /** First retry delay after the connection drops; doubles up to 10 s. */
  retryDelayMs?: number;
}

export interface Listener {
  /** Resolves once listening for the first time (rejects if that fails). */
  start(): Promise<void>;
  close(): Promise<void>;
  /** Kills the connection as a database restart would (tests). */
  dropConnectionForTest(): Promise<void>;
}

const MAX_RETRY_DELAY_MS = 10_000;

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries). When the
 * connection drops it reconnects with back-off, re-issues LISTEN and calls `onListening` so the
 * caller can reload whatever it may have missed.
 */
export function createListener({ name, connection, channels, logger, onNotification, onListening, onLost, retryDelayMs = 500 }: ListenerOptions): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = retryDelayMs;

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...connection, keepAlive: true });
    next.on("notification", (message) => onNotification(message.channel, message.payload ?? ""));
    next.on("error", (error) => {
      logger.warn({ error: error.message }, `${name} connection lost`);
      lost(next);
    });
    next.on("end", () => lost(next));
    client = next;
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${pg.Client.prototype.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(next);
      throw error;
    }
    if (closed) return;
    delay = retryDelayMs;
    await onListening();
  }

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    onLost?.();
    void which.end().catch(() => {});
    if (!closed) scheduleRetry();
  }

  function scheduleRetry() {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => logger.info(`${name} reconnected`),
        (error: Error) => logger.warn({ error: error.message }, `${name} could not reconnect`),
      );
    }, delay);
    delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
  }

  return {
    async start() {
      closed = false;
      await connect();
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
    async dropConnectionForTest() {
      const current = client;
      if (!current) return;
      // pg_terminate_backend from another connection, exactly like a database restart.
      const killer = new pg.Client(connection);
      await killer.connect();
      try {
        const pid = (current as unknown as { processID: number }).processID;
        await killer.query("SELECT pg_terminate_backend($1)", [pid]);
      } finally {
        await killer.end();
      }
    },
  };
}
