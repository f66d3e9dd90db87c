import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";

/** The upload stored under this name. */
export async function findUpload(db: Db, filename: string) {
  const [upload] = await db.select().from(uploads).where(eq(uploads.filename, filename));
  return upload;
}
