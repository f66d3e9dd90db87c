import cluster, { type Worker } from "node:cluster";
import { checkBackupSettings } from "./backup/daily";
import type { Config } from "./config";
import { ensureSetupInvite } from "./bootstrap";
import { createDatabase } from "./db/client";
import { openDatabaseServer } from "./db/connect";
import { applyMigrations, withStartupLock } from "./db/migrate";
import type { createLifecycle } from "./lifecycle";
import type { Logger } from "./logger";
import { answerClusterMetrics } from "./metrics/cluster-metrics";
import { resolveSessionSecret } from "./session-secret";
import { ensureWritableDirectory } from "./writable-directory";

/**
 * WEB_CONCURRENCY > 1: this process starts the database (when embedded), migrates it and settles the
 * session secret once, then forks that many workers that share the port (node:cluster hands them the
 * connections). Sessions, presence and the exact limits are shared through PostgreSQL. A worker
 * that dies is replaced; on SIGTERM/SIGINT the workers stop first, then the database.
 */
export async function runPrimary(config: Config, logger: Logger, lifecycle: ReturnType<typeof createLifecycle>) {
  await ensureWritableDirectory("DATA_DIR", config.DATA_DIR);
  const databaseServer = await openDatabaseServer(config, logger, { attachToRunning: false });
  lifecycle.onStop("database server", databaseServer.stop);
  const database = createDatabase(databaseServer.url, logger);
  try {
    await withStartupLock(database.pool, async (client) => {
      await applyMigrations(client);
      await databaseServer.prepareAppRole(client);
      await ensureSetupInvite(database.db, logger);
    });
  } finally {
    await database.pool.end();
  }
  // Checked here too: a worker that cannot start is replaced, again and again.
  if (config.BACKUP_DIR) await checkBackupSettings(config.BACKUP_DIR, databaseServer.url);

  // The workers migrate nothing new, but they take the same owner and app connections.
  const env = { DATABASE_URL: databaseServer.appUrl, MIGRATION_DATABASE_URL: databaseServer.url, SESSION_SECRET: resolveSessionSecret(config), WEB_CONCURRENCY: "1" };
  let stopping = false;
  const fork = () => cluster.fork(env);
  answerClusterMetrics();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger.warn({ pid: worker.process.pid, code, signal }, "A server process stopped; starting another");
    fork();
  });
  lifecycle.onStop("server processes", async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    await Promise.all(workers.map((worker) => new Promise<void>((resolve) => {
      if (worker.isDead()) return resolve();
      worker.once("exit", () => resolve());
      worker.process.kill("SIGTERM");
    })));
  });
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
  logger.info({ workers: config.WEB_CONCURRENCY }, `Started ${config.WEB_CONCURRENCY} server processes`);
}
