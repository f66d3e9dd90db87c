import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "../logger";
import { UnnamedStatementClient, type Database, type Db } from "./client";
import * as schema from "./schema";

/** A replica further behind than this is not read (docs/product.md "Speed"). */
export const REPLICA_MAX_LAG_MS = 10_000;
/** How often each process measures its replica's lag. */
const CHECK_INTERVAL_MS = 1_000;

export interface Replica {
  /** The replica's database: a read that cannot reach it (down, restarting, cancelled by recovery) is run again on the primary. */
  db: Db;
  /** Whether reads may go to it now: it answers, replays the primary's WAL, and is at most REPLICA_MAX_LAG_MS behind. */
  usable(): boolean;
  /** Resolves after the next check (tests and start-up). */
  checked(): Promise<void>;
  close(): Promise<void>;
}

/** How far behind the replica is, in ms; Infinity when it is not replaying the primary's WAL. */
export type LagProbe = () => Promise<number>;

/**
 * Errors of the replica's connection or of its recovery, not of the query: the same read on the
 * primary answers. 40001 and 57P04 are a standby cancelling a query that conflicts with WAL replay.
 */
function isReplicaFailure(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === undefined) return /Connection terminated|timeout exceeded when trying to connect|Connection ended/i.test(message ?? "");
  return !/^[0-9A-Z]{5}$/.test(code) || code.startsWith("08") || /^57P0[1-4]$/.test(code) || code === "40001" || code === "53300";
}

/** A pool that re-runs a statement on `fallback` when the replica fails it, and says so. */
class ReplicaPool extends pg.Pool {
  fallback?: pg.Pool;
  onFailure?: () => void;
  override query(...args: unknown[]): never {
    const run = (pool: pg.Pool) => (pg.Pool.prototype.query as (...forwarded: unknown[]) => Promise<unknown>).apply(pool, args);
    // A callback-style call (nobody in the app) goes to the replica as it is.
    if (typeof args.at(-1) === "function") return run(this) as never;
    return run(this).catch((error: unknown) => {
      if (!this.fallback || !isReplicaFailure(error)) throw error;
      this.onFailure?.();
      return run(this.fallback);
    }) as never;
  }
}

/** The replica's LSN against the primary's: "has everything the primary had at time t" holds on an idle primary too. */
export function walLagProbe(primary: pg.Pool, replica: pg.Pool): LagProbe {
  const samples: Array<{ at: number; lsn: bigint }> = [];
  return async () => {
    const at = Date.now();
    const { rows } = await primary.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
    samples.push({ at, lsn: parseLsn(rows[0]!.lsn) });
    // Older samples could only say it is further behind than it may be read anyway.
    while (samples[0]!.at < at - 2 * REPLICA_MAX_LAG_MS) samples.shift();
    const replayed = (await replica.query<{ lsn: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS lsn")).rows[0]!.lsn;
    // Not in recovery: promoted, or a primary of its own, whose rows are not the primary's.
    if (replayed === null) return Infinity;
    const position = parseLsn(replayed);
    for (let i = samples.length - 1; i >= 0; i--) if (samples[i]!.lsn <= position) return Date.now() - samples[i]!.at;
    return Infinity;
  };
}

/** `16/B374D848` → its byte position. */
function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * DATABASE_REPLICA_URL: a pool on the streaming replica (its own statements unnamed: a replica is often
 * behind a pooler too), checked every second. Not usable until a first check finds it within
 * REPLICA_MAX_LAG_MS, and not from a failed read until the next check finds it well again.
 */
export function openReplica({ url, primary, logger, probe }: { url: string; primary: Database; logger: Logger; probe?: LagProbe }): Replica {
  const pool = new ReplicaPool({
    connectionString: url,
    application_name: "enclave",
    Client: UnnamedStatementClient,
    max: 10,
    // A replica that does not answer at once is skipped: the primary can answer.
    connectionTimeoutMillis: 1_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on("error", (error) => logger.warn({ error: error.message }, "Idle replica connection lost"));
  pool.on("connect", (client) => client.on("error", () => {}));
  pool.fallback = primary.pool;
  const measure = probe ?? walLagProbe(primary.pool, pool);
  let usable = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let waiting: Array<() => void> = [];
  const become = (next: boolean, detail: Record<string, unknown>) => {
    if (next !== usable) {
      if (next) logger.info(detail, "Reading from the replica");
      else logger.warn(detail, "Not reading from the replica: reads go to the primary");
    }
    usable = next;
  };
  pool.onFailure = () => become(false, { reason: "a read failed on it" });

  async function check() {
    try {
      const lagMs = await measure();
      become(lagMs <= REPLICA_MAX_LAG_MS, { lagMs: Number.isFinite(lagMs) ? Math.round(lagMs) : "not replaying" });
    } catch (error) {
      become(false, { error: (error as Error).message });
    }
    const done = waiting;
    waiting = [];
    for (const resolve of done) resolve();
    if (!closed) timer = setTimeout(() => void check(), CHECK_INTERVAL_MS).unref();
  }
  void check();

  return {
    db: drizzle(pool, { schema }),
    usable: () => usable,
    checked: () => new Promise((resolve) => waiting.push(resolve)),
    async close() {
      closed = true;
      clearTimeout(timer);
      await pool.end();
    },
  };
}
