import fs from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import type { Logger } from "../logger";
import type { UploadStorage } from "../uploads/storage";
import { ensureWritableDirectory } from "../writable-directory";
import { BACKUP_NAME, backupName, createBackup } from "./archive";
import { findPgTools, serverMajorVersion } from "./pg-tools";

/** pg_try_advisory_xact_lock key of the daily backup ("backup" in ASCII); the start-up lock has its own. */
const DAILY_BACKUP_LOCK = 0x6261636b7570;
const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface DailyBackupSettings {
  /** The request pool: it only takes the lock, in a transaction (safe behind a transaction-mode pooler). */
  pool: pg.Pool;
  /** The owner's connection pg_dump reads with. */
  ownerUrl: string;
  /** Where the uploads are read from (UPLOAD_DIR or the bucket). */
  storage: UploadStorage;
  backupDir: string;
  keep: number;
}

export type DailyBackupOutcome = { made: string; removed: string[] } | "made today already" | "another process is at it";

/**
 * Makes today's (UTC) backup in backupDir unless one is there, then keeps the newest `keep`. Every
 * server process calls this; a transaction-scoped advisory lock lets one of them work while the
 * others skip, and the archive's name, which carries its day, records that the day is done.
 */
export async function runDailyBackup(settings: DailyBackupSettings, now = new Date(), signal?: AbortSignal): Promise<DailyBackupOutcome> {
  const client = await settings.pool.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS locked", [DAILY_BACKUP_LOCK]);
    if (!rows[0]!.locked) return "another process is at it";
    const today = backupName(now).match(BACKUP_NAME)![1];
    const existing = await backupsIn(settings.backupDir);
    if (existing.some((name) => name.match(BACKUP_NAME)![1] === today)) return "made today already";
    const made = path.join(settings.backupDir, backupName(now));
    await createBackup({ url: settings.ownerUrl, storage: settings.storage, file: made, signal });
    const removed = [...existing, path.basename(made)].sort().slice(0, -settings.keep);
    for (const name of removed) await fs.rm(path.join(settings.backupDir, name), { force: true });
    return { made, removed };
  } finally {
    await client.query("COMMIT").catch(() => {});
    client.release();
  }
}

/** Backups in the folder, oldest first (other files are never touched). */
async function backupsIn(dir: string): Promise<string[]> {
  return (await fs.readdir(dir)).filter((name) => BACKUP_NAME.test(name)).sort();
}

/**
 * At start, with BACKUP_DIR set: a backup asked for that cannot be made (no writable folder, no
 * pg_dump of the server's version) is a ConfigError then, not a failure found a day later.
 */
export async function checkBackupSettings(backupDir: string, ownerUrl: string): Promise<void> {
  await ensureWritableDirectory("BACKUP_DIR", backupDir);
  await findPgTools(await serverMajorVersion(ownerUrl));
}

/** Checks every hour (and now) whether today's backup is due; the returned stop ends a backup under way. */
export function startDailyBackups(settings: DailyBackupSettings, logger: Logger): () => Promise<void> {
  const stopping = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  const check = () =>
    (running = runDailyBackup(settings, new Date(), stopping.signal)
      .then((outcome) => {
        if (typeof outcome === "object") logger.info({ file: outcome.made, removed: outcome.removed }, "Daily backup made");
      })
      .catch((error: Error) => {
        if (!stopping.signal.aborted) logger.error({ error: error.message }, "Daily backup failed");
      }));
  void check();
  const timer = setInterval(() => void check(), CHECK_EVERY_MS).unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}
