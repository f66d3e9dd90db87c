import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabase } from "../db/client";
import { openEmbeddedPostgres } from "../db/embedded-postgres";
import { applyMigrations, withStartupLock } from "../db/migrate";
import { createLogger } from "../logger";
import { TEMPLATE_DATABASE, withDatabaseName } from "./database-names";

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser connection to the test cluster's `postgres` database, for creating per-file databases. */
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run: TEST_DATABASE_URL (a superuser URL) when given, otherwise an
 * embedded cluster in a temporary folder. A migrated template database is copied for every test file.
 */
export default async function setup(project: TestProject) {
  const logger = createLogger({ level: "warn" });
  const dataDir = process.env.TEST_DATABASE_URL ? undefined : await mkdtemp(path.join(os.tmpdir(), "enclave-test-"));
  const server = dataDir
    ? await openEmbeddedPostgres({ dataDir, logger, attachToRunning: false })
    : { url: process.env.TEST_DATABASE_URL!, stop: async () => {} };
  const adminUrl = withDatabaseName(server.url, "postgres");

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const template = createDatabase(withDatabaseName(server.url, TEMPLATE_DATABASE), logger);
  await withStartupLock(template.pool, applyMigrations);
  await template.pool.end();

  project.provide("pgAdminUrl", adminUrl);
  return async () => {
    await server.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
