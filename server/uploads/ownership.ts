import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import { badRequest } from "../errors";
import { storedNameOf } from "./files";

/**
 * A member may point their images and audio only at files they uploaded themselves: "" or null
 * clears the field, anything else must be the URL of one of their uploads. The file is marked in
 * use in the same statement, before the field is written, so the orphan sweep cannot remove it in
 * between (server/uploads/sweep.ts); one it has already removed is refused.
 */
export async function claimOwnUpload(db: Db, ownerId: number, url: string | null | undefined, field: string) {
  if (!url) return;
  const filename = storedNameOf(url);
  const [owned] = filename
    ? await db
        .update(uploads)
        .set({ unreferencedSince: null })
        .where(and(eq(uploads.filename, filename), eq(uploads.ownerId, ownerId)))
        .returning({ id: uploads.id })
    : [];
  if (!owned) throw badRequest(`${field} must be one of your own uploads`, { errors: [{ path: field, message: "Must be one of your own uploads" }] });
}
