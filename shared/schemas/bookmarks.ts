import { z } from "zod";
import { ISO_DATE_TIME_WITH_OFFSET, idParamSchema } from "./fields";

export const REMIND_AT_INVALID = "The reminder must be an ISO date and time";
export const REMIND_AT_PAST = "The reminder must be in the future";

/** The latest reminder a member may set: ten years ahead (the database and `toISOString` write four-digit years). */
export const REMIND_AT_MAX_YEARS = 10;

/**
 * PUT /api/bookmarks/posts/{postId} (docs/product.md "Bookmarks and reminders"): bookmarks the post,
 * reminded at `remindAt` (ISO with an offset or Z, in the future); without it, the bookmark has no
 * reminder (a reminder it had is cleared).
 */
export const bookmarkSchema = z.strictObject({
  remindAt: z.iso
    .datetime({ offset: true, error: REMIND_AT_INVALID, abort: true })
    .refine((value) => Date.parse(value) > Date.now(), { error: REMIND_AT_PAST, abort: true })
    .refine((value) => new Date(value).getUTCFullYear() <= new Date().getUTCFullYear() + REMIND_AT_MAX_YEARS, "The reminder is too far ahead")
    .meta(ISO_DATE_TIME_WITH_OFFSET)
    .nullable()
    .optional(),
});
export type BookmarkInput = z.input<typeof bookmarkSchema>;
export type BookmarkData = z.output<typeof bookmarkSchema>;

/** GET /api/bookmarks?cursor=: the previous page's nextCursor (a bookmark's id). */
export const bookmarksQuerySchema = z.object({ cursor: idParamSchema.optional() });
