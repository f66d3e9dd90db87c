import pg from "pg";
import { ConfigError, type Config } from "../config";
import type { Logger } from "../logger";
import { openEmbeddedPostgres } from "./embedded-postgres";

export interface DatabaseServer {
  url: string;
  stop(): Promise<void>;
}

/** DATABASE_URL when set, otherwise the embedded PostgreSQL in DATA_DIR. */
export async function openDatabaseServer(
  config: Config,
  logger: Logger,
  options: { attachToRunning: boolean },
): Promise<DatabaseServer> {
  const server = config.DATABASE_URL
    ? { url: config.DATABASE_URL, stop: async () => {} }
    : await openEmbeddedPostgres({ dataDir: config.DATA_DIR, logger, attachToRunning: options.attachToRunning });
  try {
    await checkConnection(server.url);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
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
