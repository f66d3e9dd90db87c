import { EventEmitter } from "node:events";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { migrationsDir } from "../paths";

/** The job library's schema (graphile-worker's default name): its tables and functions. */
export const JOBS_SCHEMA = "graphile_worker";

// Any constant shared by every process of this app: serialises start-up work across servers on one database.
const STARTUP_LOCK_KEY = 7_314_001;

/** Runs `work` while holding a database-wide lock, so several processes starting at once take turns. */
export async function withStartupLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
    return await work(client);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/**
 * The job library's schema (graphile_worker, its own versioned migrations: docs/decisions/052), then
 * the app's. The library's first: the app's migrations call its functions (triggers that add jobs,
 * rows of the tables it replaced moved into jobs). Both run as the owner; the app role only uses them.
 */
export async function applyMigrations(client: pg.PoolClient | pg.Client): Promise<void> {
  // Loaded here: the CLI's other commands start without it.
  const { runMigrations } = await import("graphile-worker");
  await runMigrations({ pgPool: onePool(client) });
  await migrate(drizzle(client), { migrationsFolder: migrationsDir });
}

/** The library migrates through a pool: it is lent the connection that holds the start-up lock. */
function onePool(client: pg.PoolClient | pg.Client): pg.Pool {
  const pool = new EventEmitter() as EventEmitter & { connect(): Promise<Pick<pg.PoolClient, "query" | "release">> };
  // Errors stay the lender's to handle; these quiet the library's check for handlers.
  pool.on("error", () => {});
  pool.on("connect", () => {});
  pool.connect = async () => ({ query: client.query.bind(client) as pg.PoolClient["query"], release: () => {} });
  return pool as unknown as pg.Pool;
}
