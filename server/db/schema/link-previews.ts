import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { uploads } from "./uploads";

/**
 * Link previews (docs/product.md "Rich content"), one per URL, fetched by the link_preview job and
 * kept 24 hours (a failure 1 hour): a row with `failedAt` set is a URL that gave no preview. Its
 * texts are stored as the page gave them (trimmed and cut), escaped when rendered. The image is a
 * re-encoded upload of this site (kind `linkPreview`), never the page's own address.
 */
export const linkPreviews = pgTable(
  "link_previews",
  {
    url: text("url").primaryKey(),
    title: text("title"),
    description: text("description"),
    siteName: text("site_name"),
    imageUploadId: integer("image_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    fetchedAt: timestamptz("fetched_at").notNull().defaultNow(),
    /** Set when the fetch gave no preview: the plain link stays. */
    failedAt: timestamptz("failed_at"),
  },
  (table) => [index("link_previews_fetched_at_idx").on(table.fetchedAt), index("link_previews_image_upload_id_idx").on(table.imageUploadId)],
);
