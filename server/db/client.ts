import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "../logger";
import * as schema from "./schema";

/** The app's database; `$client` is its pool. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export interface Database {
  pool: pg.Pool;
  db: Db;
}

/**
 * A pool for `url`. The server's request pool passes `statementTimeoutMs` (a query running longer is
 * cancelled by PostgreSQL with 57014, answered 503); the owner's start-up pool (migrations) has none.
 */
export function createDatabase(url: string, logger: Logger, options: { statementTimeoutMs?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    application_name: "enclave",
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", (error) => logger.warn({ error: error.message }, "Idle database connection lost"));
  // A client lent out to a transaction that loses its connection between two statements gets the
  // error with no query to fail, and an 'error' event nobody listens to ends the process (found by
  // server/faults/database-restart.fault.ts). Its next statement fails instead (→ 503), and the pool
  // discards the client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  return { pool, db: drizzle(pool, { schema }) };
}
