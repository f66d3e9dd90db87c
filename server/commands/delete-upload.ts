import { and, eq } from "drizzle-orm";
import { FILE_FIELDS } from "@shared/schemas/bio";
import type { Db } from "../db/client";
import { bioCards, uploads, users } from "../db/schema";
import { uploadUrl } from "../uploads/files";
import { forumChanged, forumTags } from "../cache/forum-changes";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * DELETE /api/upload/{filename}: removes the upload's record and, in the same transaction, every
 * reference to it (the owner's avatar, their card's file fields). The file itself is the caller's.
 */
export async function deleteUpload(db: Db, upload: { id: number; ownerId: number; filename: string }): Promise<void> {
  const url = uploadUrl(upload.filename);
  await db.transaction(async (tx) => {
    await tx.delete(uploads).where(eq(uploads.id, upload.id));
    await tx.update(users).set({ avatar: null }).where(and(eq(users.id, upload.ownerId), eq(users.avatar, url)));
    await forumChanged(tx, [forumTags.member(upload.ownerId)]);
    await clearBioCardReferences(tx, upload.ownerId, url);
  });
}

/** A deleted file leaves no card pointing at it. */
async function clearBioCardReferences(tx: Tx, ownerId: number, url: string) {
  for (const field of FILE_FIELDS) {
    await tx.update(bioCards).set({ [field]: null }).where(and(eq(bioCards.userId, ownerId), eq(bioCards[field], url)));
  }
}
