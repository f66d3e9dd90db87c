import cluster from "node:cluster";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { createApp } from "./app";
import { runPrimary } from "./cluster";
import { ensureSetupInvite } from "./bootstrap";
import { ConfigError, loadConfig, loadEnvFile, type Config } from "./config";
import { warnIfSuperuser } from "./db/app-role";
import { createDatabase } from "./db/client";
import { openDatabaseServer } from "./db/connect";
import { openReplica } from "./db/replica";
import { applyStatementTimeout } from "./db/statement-timeout";
import { applyMigrations, withStartupLock } from "./db/migrate";
import { createLifecycle } from "./lifecycle";
import { createLogger } from "./logger";
import { pruneSessions } from "./auth/session-store";
import { pruneRateLimits } from "./middlewares/rate-limit";
import { pruneCountedVisitors } from "./commands/count-visit";
import { pruneVisitorSalts } from "./visitors/visitor-keys";
import { clientDistDir } from "./paths";
import { resolveSessionSecret } from "./session-secret";
import { builtClient, viteClient } from "./spa";
import { startOrphanSweeps } from "./uploads/sweep";
import { checkBackupSettings, startDailyBackups } from "./backup/daily";
import { ensureWritableDirectory } from "./writable-directory";
import { attachWebSocketServer } from "./ws/server";

async function main() {
  let config: Config;
  try {
    loadEnvFile();
    config = loadConfig();
  } catch (error) {
    return fail(error);
  }
  const logger = createLogger({ level: config.LOG_LEVEL, pretty: config.NODE_ENV === "development" });
  const lifecycle = createLifecycle(logger);
  lifecycle.handleSignals();
  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    try {
      return await runPrimary(config, logger, lifecycle);
    } catch (error) {
      await lifecycle.stop();
      fail(error, logger);
    }
  }

  try {
    const production = config.NODE_ENV === "production";
    if (production && !existsSync(path.join(clientDistDir, "index.html"))) {
      throw new ConfigError(`The client is not built (${clientDistDir} is missing); run npm run build first`);
    }
    await ensureWritableDirectory("DATA_DIR", config.DATA_DIR);
    await ensureWritableDirectory("UPLOAD_DIR", config.UPLOAD_DIR);

    const databaseServer = await openDatabaseServer(config, logger, { attachToRunning: false });
    lifecycle.onStop("database server", databaseServer.stop);
    const owner = createDatabase(databaseServer.url, logger);
    try {
      await withStartupLock(owner.pool, async (client) => {
        await applyMigrations(client);
        await databaseServer.prepareAppRole(client);
        await ensureSetupInvite(owner.db, logger);
        await applyStatementTimeout(databaseServer.directUrl, config.DATABASE_STATEMENT_TIMEOUT_MS);
      });
    } finally {
      await owner.pool.end();
    }
    const database = createDatabase(databaseServer.appUrl, logger, { directUrl: databaseServer.directUrl });
    lifecycle.onStop("database pool", () => database.pool.end());
    const replica = config.DATABASE_REPLICA_URL ? openReplica({ url: config.DATABASE_REPLICA_URL, primary: database, logger }) : undefined;
    if (replica) lifecycle.onStop("replica pool", replica.close);
    await warnIfSuperuser(database.pool, logger);
    const prune = () => Promise.all([pruneRateLimits(database.db), pruneCountedVisitors(database.db), pruneVisitorSalts(database.db), pruneSessions(database.pool)]).catch(() => {});
    const pruning = setInterval(() => void prune(), 60 * 60 * 1000).unref();
    lifecycle.onStop("pruning", async () => clearInterval(pruning));
    if (config.BACKUP_DIR) await checkBackupSettings(config.BACKUP_DIR, databaseServer.url);

    const httpServer = http.createServer();
    const client = production ? builtClient() : await viteClient(httpServer);
    lifecycle.onStop("client", client.close);
    const app = createApp({
      config,
      database,
      logger,
      sessionSecret: resolveSessionSecret(config),
      replica,
      client,
    });
    lifecycle.onStop("sessions", app.close);
    // The sweep and the daily backup read the app's storage (UPLOAD_DIR or the bucket), its failures counted.
    const stopSweeps = startOrphanSweeps(database.db, app.storage, logger);
    lifecycle.onStop("sweeping uploads", async () => stopSweeps());
    if (config.BACKUP_DIR) {
      const backupSettings = { pool: database.pool, ownerUrl: databaseServer.url, storage: app.storage, backupDir: config.BACKUP_DIR, keep: config.BACKUP_KEEP };
      lifecycle.onStop("daily backups", startDailyBackups(backupSettings, logger));
    }
    httpServer.on("request", app.app);
    const webSockets = await attachWebSocketServer(httpServer, app.session, { pool: database.pool, listener: app.listener, config, logger });
    app.metrics.countSockets(() => webSockets.registry.size);

    await listen(httpServer, config);
    lifecycle.onStop("HTTP server", () => closeHttpServer(httpServer));
    lifecycle.onStop("WebSocket server", webSockets.close);
    const { port } = httpServer.address() as { port: number };
    logger.info({ port, mode: config.NODE_ENV }, `${config.SITE_NAME} is listening on http://localhost:${port}`);
  } catch (error) {
    await lifecycle.stop();
    fail(error, logger);
  }
}

function listen(server: http.Server, config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") reject(new ConfigError(`Port ${config.PORT} is already in use; stop the other process or set PORT`));
      else if (error.code === "EACCES") reject(new ConfigError(`Port ${config.PORT} needs more privileges; set PORT above 1023`));
      else reject(error);
    });
    server.listen(config.PORT, config.HOST, () => resolve());
  });
}

/** Stops accepting, lets requests in flight finish, and cuts idle keep-alive connections (3 s at most). */
function closeHttpServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), 3_000);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function fail(error: unknown, logger?: ReturnType<typeof createLogger>): never {
  if (error instanceof ConfigError) console.error(`Error: ${error.message}`);
  else if (logger) logger.error({ error: (error as Error)?.stack ?? String(error) }, "Start-up failed");
  else console.error(error);
  process.exit(1);
}

void main();
