import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { migrationsDir } from "../paths";

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

export async function applyMigrations(client: pg.PoolClient): Promise<void> {
  await migrate(drizzle(client), { migrationsFolder: migrationsDir });
}
