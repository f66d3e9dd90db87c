import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import { reserveQuota } from "../uploads/quota";

/**
 * POST /api/upload: records an accepted file under its member's quota (`quotaBytes`), in one
 * transaction with the reservation, so parallel uploads cannot pass it together.
 */
export async function storeUpload(db: Db, upload: Pick<typeof uploads.$inferInsert, "filename" | "originalName" | "ownerId" | "kind" | "mimeType" | "sizeBytes" | "width" | "height">, quotaBytes: number): Promise<void> {
  await db.transaction(async (tx) => {
    await reserveQuota(tx, upload.ownerId, upload.sizeBytes, quotaBytes);
    await tx.insert(uploads).values(upload);
  });
}
