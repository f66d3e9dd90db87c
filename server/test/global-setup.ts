import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabase } from "../db/client";
import { openEmbeddedPostgres } from "../db/embedded-postgres";
import { ensureAppRole, grantAppPrivileges } from "../db/app-role";
import { applyMigrations, withStartupLock } from "../db/migrate";
import { createLogger } from "../logger";
import { TEMPLATE_DATABASE, withDatabaseName } from "./database-names";

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser connection to the test cluster's `postgres` database, for creating per-file databases. */
    pgAdminUrl: string;
    /** The role the tests' apps connect as: what the server's own role is (server/db/app-role.ts). */
    pgAppRole: { name: string; password: string };
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
  if (dataDir) await skipDiskFlushes(admin);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  // A role of this run's own, so runs sharing a TEST_DATABASE_URL never change each other's password.
  const appRole = { name: `enclave_test_app_${randomBytes(4).toString("hex")}`, password: randomBytes(18).toString("base64url") };
  const template = createDatabase(withDatabaseName(server.url, TEMPLATE_DATABASE), logger);
  await withStartupLock(template.pool, async (client) => {
    await applyMigrations(client);
    await ensureAppRole(client, appRole.name, appRole.password);
    await grantAppPrivileges(client, appRole.name);
  });
  await template.pool.end();

  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgAppRole", appRole);
  return async () => {
    if (!dataDir) await dropRole(adminUrl, appRole.name);
    await server.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

/**
 * The run's own cluster is thrown away at its end, so it need not wait for the disk: without a flush
 * at every commit (and for every database copied from the template) the files spend less time waiting.
 * What PostgreSQL does with the data is unchanged; only a crash of the machine would lose it.
 */
async function skipDiskFlushes(admin: pg.Client): Promise<void> {
  for (const setting of ["fsync = off", "synchronous_commit = off", "full_page_writes = off"]) await admin.query(`ALTER SYSTEM SET ${setting}`);
  await admin.query("SELECT pg_reload_conf()");
}

/** On a shared TEST_DATABASE_URL: the template goes, then the run's role (a database still granting to it keeps it). */
async function dropRole(adminUrl: string, role: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${admin.escapeIdentifier(role)}`);
  } catch {
    // Left for the next clean-up: a test database that was not dropped still grants to the role.
  } finally {
    await admin.end();
  }
}
