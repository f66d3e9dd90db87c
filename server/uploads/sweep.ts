import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { UploadKind } from "@shared/constants";
import { FILE_FIELDS } from "@shared/schemas/bio";
import type { Db } from "../db/client";
import { bioCards, contentUploads, drafts, linkPreviews, uploads, userLinks, users } from "../db/schema";
import type { Logger } from "../logger";
import { UPLOADS_PATH } from "./files";
import type { UploadStorage } from "./storage";

/** How long a file may go unreferenced (e.g. uploaded, but its form not saved yet) before it is removed. */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often each server process tries a sweep; one at a time across processes (the lock below). */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;
// Any constant shared by every process of this app (see server/db/migrate.ts for the others).
const SWEEP_LOCK_KEY = 7_314_003;

/** Every column that may hold the URL of an upload: what makes a file referenced. */
const REFERENCES = [
  { table: users, column: users.avatar },
  ...FILE_FIELDS.map((field) => ({ table: bioCards, column: bioCards[field] })),
  { table: userLinks, column: userLinks.iconUrl },
];
const referencedUrls = sql.join(
  REFERENCES.map(({ table, column }) => sql`SELECT ${column} AS url FROM ${table} WHERE ${column} IS NOT NULL`),
  sql` UNION `,
);
/**
 * Named by one of those columns, shown in a post or profile comment (content_uploads, kept by
 * triggers; a post's link preview images too, by the trigger on its html), a kept link preview's image, or, for an image pasted into a composer, named in one of its owner's drafts (at most
 * DRAFTS_PER_MEMBER of them, so the search stays small).
 */
const isReferenced = sql`(EXISTS (SELECT 1 FROM referenced WHERE referenced.url = ${UPLOADS_PATH + "/"} || ${uploads.filename})
  OR EXISTS (SELECT 1 FROM ${contentUploads} WHERE ${contentUploads.uploadId} = ${uploads.id})
  OR EXISTS (SELECT 1 FROM ${linkPreviews} WHERE ${linkPreviews.imageUploadId} = ${uploads.id})
  OR (${uploads.kind} = ${"postImage" satisfies UploadKind}
      AND EXISTS (SELECT 1 FROM ${drafts} WHERE ${drafts.userId} = ${uploads.ownerId} AND strpos(${drafts.content}, ${uploads.filename}) > 0)))`;

export interface SweepResult {
  /** Upload rows removed with their files. */
  removed: number;
  /**
   * Stored files without a row (a crash, or a storage out of reach, between a row's removal and its
   * file's; a file stored whose row then failed), or incoming parts.
   */
  strays: number;
}

/**
 * Removes the files nothing has referred to for ORPHAN_AFTER_MS, as of `now`. A file is marked
 * unreferenced when uploaded, and by a sweep that finds nothing pointing at it; pointing a field at
 * it (claimOwnUpload) clears the mark, and so does a sweep that finds it referenced. Rows go in one
 * transaction, their files after it commits (from UPLOAD_DIR or the bucket). Answers null when
 * another process is sweeping.
 */
export async function sweepOrphanUploads(db: Db, storage: UploadStorage, now = new Date()): Promise<SweepResult | null> {
  const cutoff = new Date(now.getTime() - ORPHAN_AFTER_MS);
  const removed = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) AS locked`);
    if (!rows[0]?.locked) return null;
    await tx.execute(sql`
      WITH referenced AS (${referencedUrls})
      UPDATE ${uploads} SET unreferenced_since = CASE WHEN ${isReferenced} THEN NULL ELSE ${now}::timestamptz END
      WHERE (unreferenced_since IS NULL AND NOT ${isReferenced}) OR (unreferenced_since IS NOT NULL AND ${isReferenced})`);
    const { rows: gone } = await tx.execute<{ filename: string }>(sql`
      WITH referenced AS (${referencedUrls})
      DELETE FROM ${uploads} WHERE unreferenced_since <= ${cutoff}::timestamptz AND NOT ${isReferenced}
      RETURNING filename`);
    return gone.map((row) => row.filename);
  });
  if (!removed) return null;
  // Their rows are gone: files the storage cannot remove now are strays, removed by a later sweep.
  const removedFiles = await storage.remove(removed).then(() => true, () => false);
  const strays = await removeStrays(db, storage, cutoff);
  if (!removedFiles) throw new Error(`The storage (${storage.description}) could not remove ${removed.length} unreferenced uploads; the next sweep will`);
  return { removed: removed.length, strays };
}

/** Names asked of the database at once. */
const STRAY_BATCH = 1000;

/** Stored files older than the cutoff that have no row, and this process's incoming parts older than it. */
async function removeStrays(db: Db, storage: UploadStorage, cutoff: Date): Promise<number> {
  let count = 0;
  const removeUnknown = async (names: string[]) => {
    if (names.length === 0) return;
    const { rows } = await db.execute<{ filename: string }>(sql`SELECT filename FROM ${uploads} WHERE filename = ANY(${sql.param(names)}::text[])`);
    const known = new Set(rows.map((row) => row.filename));
    const strays = names.filter((name) => !known.has(name));
    await storage.remove(strays);
    count += strays.length;
  };
  let old: string[] = [];
  for await (const object of storage.list()) {
    if (object.modifiedAt.getTime() > cutoff.getTime()) continue;
    old.push(object.name);
    if (old.length >= STRAY_BATCH) {
      await removeUnknown(old);
      old = [];
    }
  }
  await removeUnknown(old);
  const incomingDir = storage.incomingDir;
  const olderThanCutoff = async (file: string) => ((await stat(file).catch(() => undefined))?.mtimeMs ?? Infinity) <= cutoff.getTime();
  for (const name of await readdir(incomingDir).catch(() => [] as string[])) {
    const file = path.join(incomingDir, name);
    if (await olderThanCutoff(file)) {
      await rm(file, { force: true });
      count++;
    }
  }
  return count;
}

/** Sweeps every SWEEP_EVERY_MS in this process; answers a function that stops it. */
export function startOrphanSweeps(db: Db, storage: UploadStorage, logger: Logger): () => void {
  const sweep = async () => {
    try {
      const result = await sweepOrphanUploads(db, storage);
      if (result && result.removed + result.strays > 0) logger.info({ ...result }, "Removed unreferenced uploads");
    } catch (error) {
      logger.warn({ error: (error as Error).message }, "Sweeping unreferenced uploads failed");
    }
  };
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  return () => clearInterval(timer);
}
