import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createDatabase, type Database } from "../db/client";
import { createLogger } from "../logger";
import { TEMPLATE_DATABASE, withDatabaseName } from "./database-names";

export interface TestDatabase extends Database {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own (a copy of the template), so test files never see each other's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject("pgAdminUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  const url = withDatabaseName(adminUrl, name);
  const database = createDatabase(url, createLogger({ level: "silent" }));
  return {
    ...database,
    url,
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
