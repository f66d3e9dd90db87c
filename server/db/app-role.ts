import type pg from "pg";
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
 * Row privileges on every table and sequence of the app's schema. Run after each migration, so a
 * table a migration adds is usable at once; the `drizzle` schema (migration history) stays the owner's.
 */
export async function grantAppPrivileges(client: Client, name: string): Promise<void> {
  const role = client.escapeIdentifier(name);
  await client.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
  await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
  await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
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
