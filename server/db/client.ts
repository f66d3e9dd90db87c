import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "../logger";
import * as schema from "./schema";

/** The app's database; `$client` is its pool. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export interface Database {
  pool: pg.Pool;
  db: Db;
  /**
   * A connection straight to PostgreSQL for what needs a session of its own (LISTEN): `pool`'s URL,
   * unless that one goes through a transaction-mode pooler (DATABASE_DIRECT_URL).
   */
  directUrl: string;
}

export interface DatabaseOptions {
  /** PostgreSQL itself when `url` is a pooler (PgBouncer in transaction mode); default `url`. */
  directUrl?: string;
  /** Named prepared statements; default: only when `url` is the direct connection (docs/decisions/030). */
  namedStatements?: boolean;
  /** How long to wait for a connection (default 5 s; the replica's pool gives up sooner and reads the primary). */
  connectionTimeoutMillis?: number;
}

/**
 * A client that sends every statement unnamed. Behind PgBouncer in transaction mode two statements of
 * one client may run on different server connections, so a statement prepared under a name on one is
 * missing on the next ("does not exist") or was prepared there by another client ("already exists").
 * The queries keep their names (and Drizzle its built SQL); only PostgreSQL's per-connection plan is lost.
 */
export class UnnamedStatementClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === "object" && "name" in config && config.name && !("submit" in config)) args[0] = { ...config, name: undefined };
    return (super.query as (...forwarded: unknown[]) => never)(...args);
  }
}

/**
 * A pool for `url`. No session settings travel in the start-up packet (PgBouncer refuses them): the
 * request role's statement_timeout is a setting of the role (server/db/statement-timeout.ts).
 */
export function createDatabase(url: string, logger: Logger, options: DatabaseOptions = {}): Database {
  const directUrl = options.directUrl ?? url;
  const namedStatements = options.namedStatements ?? directUrl === url;
  const pool = new pg.Pool({
    connectionString: url,
    application_name: "enclave",
    ...(namedStatements ? {} : { Client: UnnamedStatementClient }),
    max: 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", (error) => logger.warn({ error: error.message }, "Idle database connection lost"));
  // A client lent out to a transaction that loses its connection between two statements gets the
  // error with no query to fail, and an 'error' event nobody listens to ends the process (found by
  // server/faults/database-restart.fault.ts). Its next statement fails instead (→ 503), and the pool
  // discards the client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  return { pool, db: drizzle(pool, { schema }), directUrl };
}
