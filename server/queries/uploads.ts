import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";

/** The upload stored under this name. */
export async function findUpload(db: Db, filename: string) {
  const [upload] = await db.select().from(uploads).where(eq(uploads.filename, filename));
  return upload;
}

/** The names this member's files had on their device, by stored name: only files of theirs that kept one. */
export async function originalNamesOf(db: Db, ownerId: number, filenames: string[]): Promise<Map<string, string>> {
  if (filenames.length === 0) return new Map();
  const rows = await db
    .select({ filename: uploads.filename, originalName: uploads.originalName })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.filename, filenames), isNotNull(uploads.originalName)));
  return new Map(rows.map((row) => [row.filename, row.originalName!]));
}
