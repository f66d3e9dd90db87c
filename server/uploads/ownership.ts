import { and, eq, inArray, lte } from "drizzle-orm";
import { acceptedMimeTypes, FILE_FIELD_KINDS, UPLOAD_KINDS, type FileField, type MediaCategory } from "@shared/constants";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import { badRequest } from "../errors";
import { storedNameOf } from "./files";

/**
 * A member may point their images and audio only at files they uploaded themselves, of the kind the
 * field takes (FILE_FIELD_KINDS: its media and size): "" or null clears the field, anything else
 * must be the URL of such an upload. The file is marked in use in the same statement, before the
 * field is written, so the orphan sweep cannot remove it in between (server/uploads/sweep.ts); one
 * it has already removed is refused.
 */
export async function claimOwnUpload(db: Db, ownerId: number, url: string | null | undefined, field: FileField) {
  if (!url) return;
  const kind = FILE_FIELD_KINDS[field];
  const { media, maxBytes, maxMb } = UPLOAD_KINDS[kind];
  const filename = storedNameOf(url);
  const own = filename ? and(eq(uploads.filename, filename), eq(uploads.ownerId, ownerId)) : undefined;
  const fits = and(own, inArray(uploads.mimeType, acceptedMimeTypes(kind)), lte(uploads.sizeBytes, maxBytes));
  const [claimed] = own ? await db.update(uploads).set({ unreferencedSince: null }).where(fits).returning({ id: uploads.id }) : [];
  if (claimed) return;
  // Refused: say why.
  const [upload] = own ? await db.select({ mimeType: uploads.mimeType }).from(uploads).where(own) : [];
  const rule = !upload
    ? "be one of your own uploads"
    : acceptedMimeTypes(kind).includes(upload.mimeType)
      ? `be a file of at most ${maxMb} MB`
      : `be ${mediaNames(media)} file`;
  throw badRequest(`${field} must ${rule}`, { errors: [{ path: field, message: `Must ${rule}` }] });
}

/** 'an image or video' */
function mediaNames(media: readonly MediaCategory[]): string {
  return `${media[0] === "video" ? "a" : "an"} ${media.join(" or ")}`;
}
