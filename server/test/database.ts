import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createDatabase, type Database } from "../db/client";
import { loadConfig } from "../config";
import { applyStatementTimeout } from "../db/statement-timeout";
import { createLogger } from "../logger";
import { TEMPLATE_DATABASE, withCredentials, withDatabaseName } from "./database-names";

const DEFAULT_STATEMENT_TIMEOUT_MS = loadConfig({}).DATABASE_STATEMENT_TIMEOUT_MS;

export interface TestDatabase extends Database {
  /** A superuser connection to this database (a server started on it migrates with it). */
  url: string;
  /** The app role's connection, which `pool` and `db` use, as the server's request pool does. */
  appUrl: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own (a copy of the template), so test files never see each other's rows.
 * `statementTimeoutMs`: the app role's statement_timeout in it, the server's default unless a test
 * measures something other than time on a write a loaded machine may stretch past it.
 */
export async function createTestDatabase({ statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS }: { statementTimeoutMs?: number } = {}): Promise<TestDatabase> {
  const adminUrl = inject("pgAdminUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  const url = withDatabaseName(adminUrl, name);
  const role = inject("pgAppRole");
  const appUrl = withCredentials(url, role.name, role.password);
  // As the server does at start: the role's timeout in this database (a copy does not carry it).
  await applyStatementTimeout(appUrl, statementTimeoutMs);
  const database = createDatabase(appUrl, createLogger({ level: "silent" }));
  return {
    ...database,
    url,
    appUrl,
    async drop() {
      await database.pool.end();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
