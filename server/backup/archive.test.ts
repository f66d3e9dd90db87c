import { createHash } from "node:crypto";
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import yazl from "yazl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENERAL_CATEGORY_ID } from "@shared/constants";
import { createPost, createTopic } from "../commands/forum";
import { NO_WATCHED_WORDS } from "../watched-words/matcher";
import { createDatabase, type Database } from "../db/client";
import type { EmbeddedPostgres } from "../db/embedded-postgres";
import { applyMigrations, withStartupLock } from "../db/migrate";
import { uploads } from "../db/schema";
import { createLogger } from "../logger";
import { PNG_1X1 } from "../test/files";
import { insertMember } from "../test/fixtures";
import { withDatabaseName } from "../test/database-names";
import { startPostgresWithTools } from "../test/postgres-with-tools";
import { finished, runScript, startScript, waitForOutput } from "../test/processes";
import { BACKUP_NAME, createBackup, restoreBackup } from "./archive";
import { runDailyBackup } from "./daily";
import { findPgTools } from "./pg-tools";
import { loadConfig } from "../config";
import { startTestBucket } from "../test/s3";
import { createLocalStorage, createUploadStorage } from "../uploads/storage";

let dir: string;
let server: EmbeddedPostgres;
let source: Database;
const uploadDir = () => path.join(dir, "uploads");

/** A database of the throwaway cluster, created empty. */
async function emptyDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: withDatabaseName(server.url, "postgres") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return withDatabaseName(server.url, name);
}

/** Rows of every table, and where every sequence stands. */
async function contents(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) counts[name] = Number((await client.query(`SELECT count(*) FROM ${name}`)).rows[0].count);
    const { rows: sequences } = await client.query("SELECT schemaname, sequencename, last_value FROM pg_sequences ORDER BY 1, 2");
    return { counts, sequences };
  } finally {
    await client.end();
  }
}

/** One digest of the folder's file names and bytes. */
function folderChecksum(folder: string): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(folder).sort()) hash.update(name).update("\0").update(readFileSync(path.join(folder, name)));
  return hash.digest("hex");
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "enclave-backup-"));
  server = await startPostgresWithTools(dir);
  source = createDatabase(server.url, createLogger({ level: "silent" }));
  await withStartupLock(source.pool, applyMigrations);

  const { db } = source;
  const [ada, bob] = [await insertMember(db), await insertMember(db)];
  await mkdir(uploadDir());
  for (const [i, owner] of [ada, ada, bob].entries()) {
    const filename = `${String(i).repeat(32)}.png`;
    await writeFile(path.join(uploadDir(), filename), Buffer.concat([PNG_1X1, Buffer.from([i])]));
    await db.insert(uploads).values({ filename, ownerId: owner.id, mimeType: "image/png", sizeBytes: PNG_1X1.length + 1 });
  }
  for (const title of ["First", "Second"]) {
    const topic = await createTopic(db, { title, description: null, createdBy: ada.id, categoryId: GENERAL_CATEGORY_ID, tags: [] }, null, NO_WATCHED_WORDS);
    await createPost(db, { topicId: topic.id, authorId: bob.id, content: `Hello @${ada.username}, see /uploads/${"0".repeat(32)}.png` }, null, NO_WATCHED_WORDS);
    await createPost(db, { topicId: topic.id, authorId: ada.id, content: "Thanks" }, null, NO_WATCHED_WORDS);
  }
}, 60_000);

afterAll(async () => {
  await source?.pool.end();
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A file's permission bits. */
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("backup and restore", () => {
  it("round-trips every table's rows and every upload into an empty database and folder", async () => {
    const backupDir = path.join(dir, "backups");
    const backup = await runScript("server/cli.ts", ["backup"], { DATABASE_URL: server.url, UPLOAD_DIR: uploadDir(), BACKUP_DIR: backupDir });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const file = backup.stdout.trim().split("\n").at(-1)!;
    expect(path.dirname(file)).toBe(backupDir);
    expect(path.basename(file)).toMatch(BACKUP_NAME);
    expect(modeOf(file)).toBe(0o600);

    const restoredUrl = await emptyDatabase("restored");
    const restoredUploads = path.join(dir, "restored-uploads");
    const restore = await runScript("server/cli.ts", ["restore", file], { DATABASE_URL: restoredUrl, UPLOAD_DIR: restoredUploads });
    expect(restore.stderr).toBe("");
    expect(restore.stdout.trim()).toBe(`Restored the database and 3 uploads from ${file}`);

    const [before, after] = [await contents(server.url), await contents(restoredUrl)];
    expect(before.counts).toMatchObject({ "public.users": 2, "public.topics": 2, "public.posts": 4, "public.uploads": 3 });
    expect(before.counts["public.notifications"]).toBeGreaterThan(0);
    expect(after).toEqual(before);
    expect(folderChecksum(restoredUploads)).toBe(folderChecksum(uploadDir()));
  });

  it("moves a folder's uploads into an S3 bucket: restored there with S3_* set, backed up from it, and refuses a bucket that holds anything", async () => {
    const bucket = await startTestBucket("restored-uploads");
    try {
      const file = path.join(dir, "to-the-bucket.zip");
      await createBackup({ url: server.url, storage: createLocalStorage(uploadDir()), file });
      const restoredUrl = await emptyDatabase("in_bucket");
      // The AWS SDK warns on Node 20 that its releases after January 2027 need Node 22: not this test's concern.
      const env = { DATABASE_URL: restoredUrl, UPLOAD_DIR: path.join(dir, "bucket-scratch"), ...bucket.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };
      const restore = await runScript("server/cli.ts", ["restore", file], env);
      expect(restore.stderr).toBe("");
      expect(restore.stdout.trim()).toBe(`Restored the database and 3 uploads from ${file}`);

      const storage = createUploadStorage(loadConfig(env));
      for (const name of readdirSync(uploadDir())) expect(await storage.read(name)).toEqual(readFileSync(path.join(uploadDir(), name)));
      // Backed up from the bucket, the archive holds the objects themselves.
      const again = path.join(dir, "from-the-bucket.zip");
      expect(await createBackup({ url: restoredUrl, storage, file: again })).toEqual({ file: again, uploads: 3 });
      const refused = await runScript("server/cli.ts", ["restore", again], { ...env, DATABASE_URL: await emptyDatabase("bucket_full") });
      expect(refused.stderr).toMatch(`The bucket s3://restored-uploads at ${bucket.endpoint} is not empty (it has `);
      expect(refused.code).toBe(1);
    } finally {
      await bucket.close();
    }
  });

  it("creates the archive readable by its owner only, a partial file a crash left readable by all included", async () => {
    const file = path.join(dir, "private.zip");
    await writeFile(`${file}.partial`, "left by a crash", { mode: 0o644 });
    await createBackup({ url: server.url, storage: createLocalStorage(uploadDir()), file });
    expect(modeOf(file)).toBe(0o600);
  });

  it("refuses to restore into a database or an upload folder that is not empty, changing neither", async () => {
    const file = path.join(dir, "refusals.zip");
    await createBackup({ url: server.url, storage: createLocalStorage(uploadDir()), file });

    await expect(restoreBackup({ url: server.url, storage: createLocalStorage(path.join(dir, "nowhere")), file })).rejects.toThrow(
      /^The database is not empty \(it has [\w.]+\); restore into a new, empty database$/,
    );
    const emptyUrl = await emptyDatabase("still_empty");
    await expect(restoreBackup({ url: emptyUrl, storage: createLocalStorage(uploadDir()), file })).rejects.toThrow(
      `UPLOAD_DIR ${uploadDir()} is not empty (it has ${"0".repeat(32)}.png); restore into an empty folder`,
    );
    expect((await contents(emptyUrl)).counts).toEqual({});
    await expect(createBackup({ url: server.url, storage: createLocalStorage(uploadDir()), file })).rejects.toThrow(`${file} already exists; name another file`);
  });

  it("refuses a file that is not one of its archives, or holds files that are not stored uploads, before touching anything", async () => {
    const emptyUrl = await emptyDatabase("untouched");
    const target = { url: emptyUrl, storage: createLocalStorage(path.join(dir, "untouched-uploads")) };
    const notZip = path.join(dir, "not-a-backup.zip");
    await writeFile(notZip, "hello");
    await expect(restoreBackup({ ...target, file: notZip })).rejects.toThrow(`${notZip} is not a backup archive (`);

    const strange = path.join(dir, "strange.zip");
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify({ format: "enclave-backup-1", postgresMajor: 1, uploads: 1 })), "manifest.json");
    zip.addBuffer(Buffer.from("x"), "database.dump");
    zip.addBuffer(Buffer.from("#!/bin/sh"), "uploads/run.sh");
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(strange));
    await expect(restoreBackup({ ...target, file: strange })).rejects.toThrow(`${strange} holds uploads/run.sh, which is not a stored upload's name`);
    expect((await contents(emptyUrl)).counts).toEqual({});
    expect(existsSync(target.storage.directory)).toBe(false);
  });

  it("says which PostgreSQL's programs it needs when they are not installed", async () => {
    await expect(findPgTools(99)).rejects.toThrow(/^No pg_dump and pg_restore of PostgreSQL 99 .* \(Debian and Ubuntu: postgresql-client-99\)/);
  });
});

describe("daily backup", () => {
  it("is made by one process of several, once a day, and keeps BACKUP_KEEP of them", async () => {
    const backupDir = path.join(dir, "daily");
    await mkdir(backupDir);
    const older = ["20261101", "20261102", "20261103", "20261104"].map((day) => `enclave-backup-${day}T030000Z.zip`);
    for (const name of [...older, "notes.txt"]) await writeFile(path.join(backupDir, name), "");
    const settings = { pool: source.pool, ownerUrl: server.url, storage: createLocalStorage(uploadDir()), backupDir, keep: 3 };
    const at = new Date("2026-11-26T03:15:00Z");

    const outcomes = await Promise.all([runDailyBackup(settings, at), runDailyBackup(settings, at)]);
    const made = outcomes.filter((outcome) => typeof outcome === "object");
    expect(made).toEqual([{ made: path.join(backupDir, "enclave-backup-20261126T031500Z.zip"), removed: older.slice(0, 2) }]);
    expect(outcomes.filter((outcome) => typeof outcome === "string")).toHaveLength(1);
    expect(await runDailyBackup(settings, new Date("2026-11-26T23:59:00Z"))).toBe("made today already");
    expect(readdirSync(backupDir).sort()).toEqual([...older.slice(2), "enclave-backup-20261126T031500Z.zip", "notes.txt"]);
    expect(modeOf(path.join(backupDir, "enclave-backup-20261126T031500Z.zip"))).toBe(0o600);
  });
});

describe("server process with BACKUP_DIR", () => {
  it("makes the day's backup, in the folder the setting names", async () => {
    const backupDir = path.join(dir, "served-backups");
    const env = { DATABASE_URL: await emptyDatabase("served"), UPLOAD_DIR: uploadDir(), DATA_DIR: path.join(dir, "served-data"), BACKUP_DIR: backupDir, PORT: "0" };
    const serving = startScript("server/index.ts", [], env);
    const exit = finished(serving);
    try {
      await waitForOutput(serving, /"msg":"Daily backup made"/);
    } finally {
      serving.kill("SIGTERM");
    }
    expect((await exit).code).toBe(0);
    expect(readdirSync(backupDir)).toEqual([expect.stringMatching(BACKUP_NAME)]);
  }, 60_000);
});
