import pg from "pg";
import { ConfigError, type Config } from "../config";
import type { Logger } from "../logger";
import { ensureAppRole, grantAppPrivileges } from "./app-role";
import { openEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";

export interface DatabaseServer {
  /** The owner's connection: migrations, start-up work and the operator's tools (CLI, seed, benchmarks). */
  url: string;
  /** The connection the server answers requests with (not a superuser when the database is embedded); may be a pooler. */
  appUrl: string;
  /** appUrl's role straight to PostgreSQL (DATABASE_DIRECT_URL, default appUrl): LISTEN, and the role's own settings. */
  directUrl: string;
  /** After migrating, as the owner: makes appUrl's role able to use the tables (creates it when embedded). */
  prepareAppRole(client: pg.ClientBase): Promise<void>;
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when set (migrations with MIGRATION_DATABASE_URL when that is set too, else on the direct
 * connection: the start-up lock is a session's), otherwise the embedded PostgreSQL in DATA_DIR, whose
 * superuser migrates and whose `enclave_app` role serves.
 */
export async function openDatabaseServer(
  config: Config,
  logger: Logger,
  options: { attachToRunning: boolean },
): Promise<DatabaseServer> {
  const server = config.DATABASE_URL
    ? externalDatabase(config.DATABASE_URL, config.DATABASE_DIRECT_URL ?? config.DATABASE_URL, config.MIGRATION_DATABASE_URL)
    : embeddedDatabase(await openEmbeddedPostgres({ dataDir: config.DATA_DIR, logger, attachToRunning: options.attachToRunning }));
  try {
    await checkConnection(server.url);
    if (config.DATABASE_URL) for (const url of new Set([server.appUrl, server.directUrl])) if (url !== server.url) await checkConnection(url);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

function embeddedDatabase(embedded: EmbeddedPostgres): DatabaseServer {
  return {
    url: embedded.url,
    appUrl: embedded.app.url,
    directUrl: embedded.app.url,
    async prepareAppRole(client) {
      await ensureAppRole(client, embedded.app.role, embedded.app.password);
      await grantAppPrivileges(client, embedded.app.role);
    },
    stop: embedded.stop,
  };
}

/** With an owner URL of its own, the owner grants DATABASE_URL's role what the app needs after each migration. */
function externalDatabase(appUrl: string, directUrl: string, ownerUrl: string | undefined): DatabaseServer {
  return {
    url: ownerUrl ?? directUrl,
    appUrl,
    directUrl,
    async prepareAppRole(client) {
      if (ownerUrl && ownerUrl !== appUrl && ownerUrl !== directUrl) await grantAppPrivileges(client, decodeURIComponent(new URL(appUrl).username));
    },
    stop: async () => {},
  };
}

async function checkConnection(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    throw new ConfigError(`Cannot connect to the database at ${describe(url)}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** host:port/database, never the password. */
function describe(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname}:${port || 5432}${pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}
