import pg from "pg";
import type { Logger } from "../logger";

/** What one subscriber of a channel is told. */
export interface Subscriber {
  notify(payload: string): void;
  /** After every (re)connection, once LISTEN on its channel is in place: notifications may have been missed before. */
  listening?(): Promise<void> | void;
  /** The connection dropped: notifications will be missed until `listening` again. */
  lost?(): void;
}

export interface ListenerOptions {
  /** Connection settings of the dedicated client (the pool's own). */
  connection: pg.ClientConfig;
  logger: Logger;
  /** First retry delay after the connection drops; doubles up to 10 s. */
  retryDelayMs?: number;
}

export interface Listener {
  /**
   * Hands `channel`'s notifications to `subscriber` from now on. Resolves once they are heard (at
   * once when connected, else after the next connection), with the function that unsubscribes.
   */
  subscribe(channel: string, subscriber: Subscriber): Promise<() => Promise<void>>;
  /** Connects; resolves once listening for the first time (rejects if that fails, and keeps retrying). */
  start(): Promise<void>;
  close(): Promise<void>;
  /** Kills the connection as a database restart would (tests). */
  dropConnectionForTest(): Promise<void>;
}

const MAX_RETRY_DELAY_MS = 10_000;

/**
 * The process's one LISTEN connection, shared by every subscriber of every channel (identity
 * changes, the members list, presence, live notifications). A pooled connection would be handed to
 * other queries, so it is a client of its own. When it drops it reconnects with back-off, LISTENs
 * again on every subscribed channel and tells each subscriber (`listening`), which reloads whatever
 * it may have missed.
 */
export function createListener({ connection, logger, retryDelayMs = 500 }: ListenerOptions): Listener {
  const subscribers = new Map<string, Set<Subscriber>>();
  /** Subscribers waiting for their channel to be listened on for the first time. */
  const heard = new Map<Subscriber, () => void>();
  let client: pg.Client | undefined;
  /** LISTEN statements sent on `client`, by channel, one after the other. */
  let listened = new Map<string, Promise<unknown>>();
  let lastStatement: Promise<unknown> = Promise.resolve();
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = retryDelayMs;

  function deliver(channel: string, payload: string) {
    for (const subscriber of subscribers.get(channel) ?? []) {
      try {
        subscriber.notify(payload);
      } catch (error) {
        logger.warn({ channel, error: (error as Error).message }, "A notification handler failed");
      }
    }
  }

  /** LISTENs on `channel` on `on` (once), then tells `which` of its subscribers. */
  async function attach(on: pg.Client, channel: string, which: Subscriber[]): Promise<void> {
    let listening = listened.get(channel);
    if (!listening) listened.set(channel, (listening = send(on, `LISTEN ${pg.Client.prototype.escapeIdentifier(channel)}`)));
    await listening;
    for (const subscriber of which) {
      if (client !== on) return;
      await subscriber.listening?.();
      heard.get(subscriber)?.();
      heard.delete(subscriber);
    }
  }

  /** A statement on `on` once the previous one is answered (pg wants one at a time). */
  function send(on: pg.Client, text: string): Promise<unknown> {
    const sent = lastStatement.catch(() => {}).then(() => on.query(text));
    lastStatement = sent;
    return sent;
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...connection, keepAlive: true });
    next.on("notification", (message) => deliver(message.channel, message.payload ?? ""));
    next.on("error", (error) => {
      logger.warn({ error: error.message }, "Listener connection lost");
      lost(next);
    });
    next.on("end", () => lost(next));
    client = next;
    listened = new Map();
    lastStatement = Promise.resolve();
    try {
      await next.connect();
      await Promise.all([...subscribers].map(([channel, set]) => attach(next, channel, [...set])));
    } catch (error) {
      lost(next);
      throw error;
    }
    if (client === next) delay = retryDelayMs;
  }

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    for (const set of subscribers.values()) for (const subscriber of set) subscriber.lost?.();
    void which.end().catch(() => {});
    if (!closed) scheduleRetry();
  }

  function scheduleRetry() {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => logger.info("Listener reconnected"),
        (error: Error) => logger.warn({ error: error.message }, "Listener could not reconnect"),
      );
    }, delay);
    delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
  }

  return {
    async subscribe(channel, subscriber) {
      const set = subscribers.get(channel) ?? new Set<Subscriber>();
      subscribers.set(channel, set);
      set.add(subscriber);
      const ready = new Promise<void>((resolve) => heard.set(subscriber, resolve));
      // Not connected (or failing meanwhile): the next connection attaches it.
      if (client) await attach(client, channel, [subscriber]).catch(() => {});
      await ready;
      return async () => {
        heard.delete(subscriber);
        set.delete(subscriber);
        if (set.size > 0 || subscribers.get(channel) !== set) return;
        subscribers.delete(channel);
        const current = client;
        if (current && listened.delete(channel)) await send(current, `UNLISTEN ${pg.Client.prototype.escapeIdentifier(channel)}`).catch(() => {});
      };
    },
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
