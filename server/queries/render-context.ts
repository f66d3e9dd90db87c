import { and, inArray, like } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import type { OwnImage, RenderContext } from "../markdown/context";
import { uploadPathsIn } from "../markdown/images";
import { storedNameOf, uploadUrl } from "../uploads/files";
import { previewUrlsIn } from "../markdown/preview-urls";
import { findKeptPreviews } from "./link-previews";
import { findMentionedMembers } from "./mentions";

type Reader = Pick<Db, "select">;

export interface AuthoredText {
  authorId: number;
  source: string;
}

/** The stored images among the upload paths the texts name: path → owner and size (one query on the unique filename index). */
async function findImages(db: Reader, texts: AuthoredText[]) {
  const filenames = [...new Set(texts.flatMap(({ source }) => uploadPathsIn(source).flatMap((path) => storedNameOf(path) ?? [])))];
  if (filenames.length === 0) return new Map<string, OwnImage & { ownerId: number }>();
  const rows = await db
    .select({ filename: uploads.filename, ownerId: uploads.ownerId, width: uploads.width, height: uploads.height })
    .from(uploads)
    .where(and(inArray(uploads.filename, filenames), like(uploads.mimeType, "image/%")));
  return new Map(rows.map(({ filename, ...image }) => [uploadUrl(filename), image]));
}

/**
 * What rendering each text as written by its author needs to know: the members it names, which
 * of the images it shows are its author's own, and the kept previews of the URLs it shows alone on a
 * line. Two or three queries for any number of texts (a backfill batch).
 */
export async function findRenderContexts(db: Reader, texts: AuthoredText[]): Promise<RenderContext[]> {
  // One after the other: inside a transaction the queries share one connection anyway.
  const members = await findMentionedMembers(db, texts.map(({ source }) => source));
  const images = await findImages(db, texts);
  const previews = await findKeptPreviews(db, [...new Set(texts.flatMap(({ source }) => previewUrlsIn(source)))]);
  return texts.map(({ authorId, source }) => ({
    members,
    previews,
    ownImages: new Map(
      uploadPathsIn(source).flatMap((path) => {
        const image = images.get(path);
        return image?.ownerId === authorId ? [[path, { width: image.width, height: image.height }] as const] : [];
      }),
    ),
  }));
}
