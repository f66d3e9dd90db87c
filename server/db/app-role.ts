import type pg from "pg";
import { JOBS_SCHEMA } from "./migrate";
import type { Logger } from "../logger";

/**
 * The role the server answers requests with (docs/product.md "Security baseline"): it logs in, reads and
 * writes the app's rows, and nothing else. It is not a superuser, owns no table, cannot create
 * objects, roles or databases, and cannot change the schema; migrations run as the owner.
 */
export const APP_ROLE = "enclave_app";

type Client = pg.ClientBase;

/** Creates the role when missing (the embedded database), and keeps its password and limits in step. */
export async function ensureAppRole(client: Client, name: string, password: string): Promise<void> {
  const role = client.escapeIdentifier(name);
  const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${client.escapeLiteral(password)}`;
  const { rowCount } = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [name]);
  await client.query(rowCount ? `ALTER ROLE ${role} ${attributes}` : `CREATE ROLE ${role} ${attributes}`);
}

/**
 * Row privileges on every table and sequence of the app's schema and of the job library's (its
 * jobs are rows the app adds, takes and deletes: docs/decisions/052). Run after each migration, so
 * a table a migration adds is usable at once; the migration histories (`drizzle`, and the library's
 * `migrations` table) stay the owner's to write.
 */
export async function grantAppPrivileges(client: Client, name: string): Promise<void> {
  const role = client.escapeIdentifier(name);
  for (const schema of ["public", JOBS_SCHEMA]) {
    await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`);
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`);
  }
  await client.query(`REVOKE INSERT, UPDATE, DELETE ON ${JOBS_SCHEMA}.migrations FROM ${role}`);
  // The library turns on row security for its tables (so that an API exposing the schema shows
  // none of it); the owner is exempt, and the app role is given every row by a policy of its own.
  const secured = await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = $1 AND rowsecurity", [JOBS_SCHEMA]);
  const policy = client.escapeIdentifier(`${name} rows`);
  for (const { tablename } of secured.rows) {
    const table = `${JOBS_SCHEMA}.${client.escapeIdentifier(tablename)}`;
    await client.query(`DROP POLICY IF EXISTS ${policy} ON ${table}`);
    await client.query(`CREATE POLICY ${policy} ON ${table} TO ${role} USING (true) WITH CHECK (true)`);
  }
}

/** A DATABASE_URL that logs in as a superuser still works, but the operator is told once per start. */
export async function warnIfSuperuser(pool: pg.Pool, logger: Logger): Promise<void> {
  const { rows } = await pool.query<{ superuser: string }>("SELECT current_setting('is_superuser') AS superuser");
  if (rows[0]?.superuser === "on") {
    logger.warn(
      "DATABASE_URL logs in as a database superuser: give the server a role of its own and run migrations with MIGRATION_DATABASE_URL (README, Production)",
    );
  }
}
