import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { linkPreviews, uploads } from "../db/schema";
import type { LinkPreview } from "../markdown/context";
import { uploadUrl } from "../uploads/files";

type Reader = Pick<Db, "select">;

/** How long a preview is kept per URL (docs/product.md "Rich content"), and a failure. */
export const PREVIEW_KEPT = sql`interval '24 hours'`;
export const FAILURE_KEPT = sql`interval '1 hour'`;

/** The kept previews (fetched less than 24 hours ago, not failed) of these URLs: url → preview. */
export async function findKeptPreviews(db: Reader, urls: string[]): Promise<Map<string, LinkPreview>> {
  if (urls.length === 0) return new Map();
  const rows = await db
    .select({
      url: linkPreviews.url,
      title: linkPreviews.title,
      description: linkPreviews.description,
      siteName: linkPreviews.siteName,
      filename: uploads.filename,
      width: uploads.width,
      height: uploads.height,
    })
    .from(linkPreviews)
    .leftJoin(uploads, eq(uploads.id, linkPreviews.imageUploadId))
    .where(and(inArray(linkPreviews.url, urls), isNull(linkPreviews.failedAt), gt(linkPreviews.fetchedAt, sql`now() - ${PREVIEW_KEPT}`)));
  return new Map(
    rows.map(({ url, filename, width, height, ...texts }) => [url, { ...texts, image: filename ? { src: uploadUrl(filename), width, height } : null }]),
  );
}

/** Of these URLs, the ones with nothing kept: no preview from the last 24 hours, no failure from the last hour. */
export async function urlsToFetch(db: Reader, urls: string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  const kept = await db
    .select({ url: linkPreviews.url })
    .from(linkPreviews)
    .where(
      and(
        inArray(linkPreviews.url, urls),
        sql`CASE WHEN ${linkPreviews.failedAt} IS NULL THEN ${linkPreviews.fetchedAt} > now() - ${PREVIEW_KEPT} ELSE ${linkPreviews.failedAt} > now() - ${FAILURE_KEPT} END`,
      ),
    );
  const keptUrls = new Set(kept.map((row) => row.url));
  return urls.filter((url) => !keptUrls.has(url));
}
