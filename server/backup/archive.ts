import { createWriteStream, existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import pg from "pg";
import yauzl from "yauzl";
import yazl from "yazl";
import { ConfigError } from "../config";
import { INCOMING_DIR, isStoredName, mimeOfStoredName } from "../uploads/files";
import type { UploadStorage } from "../uploads/storage";
import { findPgTools, serverMajorVersion, spawnTool, succeeded } from "./pg-tools";

/**
 * One backup is one zip file (docs/decisions/031-backups-and-metrics.md):
 *   database.dump   pg_dump's custom format, stored as it is (it compresses itself)
 *   uploads/<name>  every stored upload, stored as it is (images and media are compressed already),
 *                   from UPLOAD_DIR or the S3 bucket alike: the archive holds the objects themselves
 *   manifest.json   what made it, written last
 */
const DATABASE_ENTRY = "database.dump";
const UPLOADS_PREFIX = "uploads/";
const MANIFEST_ENTRY = "manifest.json";
const FORMAT = "enclave-backup-1";

interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  postgresMajor: number;
  uploads: number;
  /** Where the uploads were read from (a folder, or `s3://bucket at endpoint`); a restore writes them to the storage its settings name. */
  uploadsFrom?: string;
}

export interface BackupResult {
  file: string;
  uploads: number;
}

/** `enclave-backup-20261126T031500Z.zip`: sorting the names sorts the backups by age. */
export const BACKUP_NAME = /^enclave-backup-(\d{8})T(\d{6})Z\.zip$/;
export const backupName = (at: Date) => `enclave-backup-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}.zip`;

/**
 * Writes the database (as `url`'s role sees it: the owner's) and the uploads to `file`. The database
 * is dumped first, in one snapshot; uploads are read after it, so every file a dumped row names is
 * there unless it was deleted meanwhile; they are read from the storage (UPLOAD_DIR or the bucket) one
 * at a time. Written beside `file` and renamed, so `file` is whole or absent (also when `signal`
 * aborts it: a server shutting down does not wait for a long dump).
 */
export async function createBackup({ url, storage, file, signal }: { url: string; storage: UploadStorage; file: string; signal?: AbortSignal }): Promise<BackupResult> {
  if (existsSync(file)) throw new ConfigError(`${file} already exists; name another file`);
  const major = await serverMajorVersion(url);
  const tools = await findPgTools(major);
  const partial = `${file}.partial`;
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // The archive holds every password hash, session and sealed secret: readable by its owner only,
  // from its creation (and a partial file left by a crash, which open keeps as it was, is set so too).
  const handle = await fs.open(partial, "w", 0o600);
  await handle.chmod(0o600);
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, handle.createWriteStream());
  written.catch(() => {}); // awaited below; a failure while pg_dump still runs must not go unhandled
  try {
    const dump = spawnTool(tools.pgDump, ["--format=custom", "--no-owner", "--no-privileges"], url, signal);
    dump.stdin!.end();
    zip.addReadStream(dump.stdout!, DATABASE_ENTRY, { compress: false });
    await succeeded(dump, "pg_dump");

    let uploads = 0;
    for await (const { name } of storage.list()) {
      signal?.throwIfAborted();
      const stream = await storage.open(name); // undefined: deleted since it was listed
      if (!stream) continue;
      zip.addReadStream(stream, UPLOADS_PREFIX + name, { compress: false });
      await finished(stream); // one open file at a time, however many uploads there are
      uploads++;
    }
    const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), postgresMajor: major, uploads, uploadsFrom: storage.description };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY);
    zip.end();
    await written;
    await fs.rename(partial, file);
    return { file, uploads };
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    await written.catch(() => {});
    await fs.rm(partial, { force: true });
    throw error;
  }
}

/**
 * Restores `file` into an empty database (as `url`'s role, who then owns every table) and an empty
 * upload storage (the folder, or the bucket the S3_* settings name), refusing either when it holds
 * anything. The database is restored in one transaction: a failure leaves it empty, so the restore
 * can be tried again.
 */
export async function restoreBackup({ url, storage, file }: { url: string; storage: UploadStorage; file: string }): Promise<BackupResult> {
  const zip = await yauzl.openPromise(file, { autoClose: false, lazyEntries: true }).catch((error: Error) => {
    throw new ConfigError(`${file} is not a backup archive (${error.message})`);
  });
  try {
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const manifest = await readManifest(zip, entries.get(MANIFEST_ENTRY), file);
    const database = entries.get(DATABASE_ENTRY);
    if (!database) throw new ConfigError(`${file} holds no ${DATABASE_ENTRY}`);
    const uploads = [...entries.keys()].filter((name) => name.startsWith(UPLOADS_PREFIX)).map((name) => name.slice(UPLOADS_PREFIX.length));
    const strange = uploads.find((name) => !isStoredName(name));
    if (strange !== undefined) throw new ConfigError(`${file} holds ${UPLOADS_PREFIX}${strange}, which is not a stored upload's name`);

    const major = await serverMajorVersion(url);
    if (manifest.postgresMajor > major) {
      throw new ConfigError(`${file} was made from PostgreSQL ${manifest.postgresMajor}; this database is PostgreSQL ${major}: restore it into ${manifest.postgresMajor} or newer`);
    }
    await refuseUnlessEmptyDatabase(url);
    await refuseUnlessEmptyStorage(storage);
    const tools = await findPgTools(major);

    const restore = spawnTool(tools.pgRestore, ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"], url);
    const restored = succeeded(restore, "pg_restore");
    restore.stdin!.on("error", () => {}); // pg_restore exiting early is reported by `restored`
    await pipeline(await zip.openReadStreamPromise(database), restore.stdin!).catch(() => {});
    await restored;

    await fs.mkdir(storage.incomingDir, { recursive: true });
    for (const name of uploads) {
      // Each file lands in the incoming folder, then is stored as an upload is.
      const landed = path.join(storage.incomingDir, `restore-${name}`);
      await pipeline(await zip.openReadStreamPromise(entries.get(UPLOADS_PREFIX + name)!), createWriteStream(landed));
      await storage.put(name, landed, mimeOfStoredName(name));
    }
    await fs.rmdir(storage.incomingDir).catch(() => {}); // made for the restore, left only if something else is in it
    return { file, uploads: uploads.length };
  } finally {
    zip.close();
  }
}

async function readManifest(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, file: string): Promise<Manifest> {
  if (!entry) throw new ConfigError(`${file} is not a backup archive of this site (no ${MANIFEST_ENTRY})`);
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  let manifest: Partial<Manifest> | undefined;
  try {
    manifest = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Partial<Manifest>;
  } catch {
    // reported below
  }
  if (manifest?.format !== FORMAT || typeof manifest.postgresMajor !== "number") {
    throw new ConfigError(`${file} is a backup of an unknown format (${String(manifest?.format)})`);
  }
  return manifest as Manifest;
}

async function refuseUnlessEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' LIMIT 1`,
    );
    if (rows[0]) {
      throw new ConfigError(`The database is not empty (it has ${rows[0].name}); restore into a new, empty database`);
    }
  } finally {
    await client.end();
  }
}

async function refuseUnlessEmptyStorage(storage: UploadStorage): Promise<void> {
  if (storage.kind === "local") return refuseUnlessEmptyFolder(storage.directory);
  for await (const { name } of storage.list()) {
    throw new ConfigError(`The bucket ${storage.description} is not empty (it has ${name}); restore into an empty bucket`);
  }
}

async function refuseUnlessEmptyFolder(dir: string): Promise<void> {
  const entries = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const held = entries.filter((name) => name !== INCOMING_DIR);
  if (held.length > 0) throw new ConfigError(`UPLOAD_DIR ${dir} is not empty (it has ${held[0]}); restore into an empty folder`);
}
