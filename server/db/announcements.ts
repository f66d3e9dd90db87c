import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "./client";
import type { Channel } from "../events/channels";

/** Anything that can run SQL: the Drizzle database or a transaction. */
type Executor = Pick<Db, "execute">;

/**
 * A NOTIFY channel that commands announce their changes on, in their transaction: other processes
 * hear it when, and only if, it commits. This process hears its own announcements earlier, when the
 * transaction's connection goes back to its pool, that is right after COMMIT, so its very next
 * request sees the change. Pending announcements are kept by pool client, not by backend pid:
 * behind PgBouncer a client's pid is PgBouncer's.
 */
export class Announcements {
  private readonly pendingOnConnection = new WeakMap<object, Set<string>>();
  private readonly handlersOfPool = new WeakMap<pg.Pool, Set<(payload: string) => void>>();
  /** None (the CLI): nothing to hear here. */
  private handlerCount = 0;

  constructor(readonly channel: Channel<string>) {}

  async announce(db: Executor, payload: string): Promise<void> {
    await db.execute(sql`SELECT pg_notify(${this.channel.name}, ${this.channel.encode(payload)})`);
    if (this.handlerCount === 0) return;
    // Not in a transaction (the pool's own database): the statement is committed already.
    const pool = (db as Partial<Pick<Db, "$client">>).$client;
    if (pool) return deliver(this.handlersOfPool.get(pool), [payload]);
    // A transaction runs on one pool client, which Drizzle keeps on the transaction's session.
    const client = (db as unknown as { session: { client: object } }).session.client;
    const pending = this.pendingOnConnection.get(client) ?? new Set<string>();
    this.pendingOnConnection.set(client, pending.add(payload));
  }

  /** `handle` hears the announcements this process makes through `pool`, once committed; the function returned stops it. */
  hearOwn(pool: pg.Pool, handle: (payload: string) => void): () => void {
    const handlers = this.handlersOfPool.get(pool) ?? this.watchPool(pool);
    handlers.add(handle);
    this.handlerCount++;
    return () => {
      if (handlers.delete(handle)) this.handlerCount--;
    };
  }

  private watchPool(pool: pg.Pool): Set<(payload: string) => void> {
    const handlers = new Set<(payload: string) => void>();
    this.handlersOfPool.set(pool, handlers);
    pool.on("release", (_error, client) => {
      const pending = this.pendingOnConnection.get(client);
      if (!pending) return;
      this.pendingOnConnection.delete(client);
      deliver(handlers, pending);
    });
    return handlers;
  }
}

function deliver(handlers: Iterable<(payload: string) => void> | undefined, payloads: Iterable<string>): void {
  for (const payload of payloads) for (const handle of handlers ?? []) handle(payload);
}
