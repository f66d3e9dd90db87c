import { z } from "zod";
import { TEXT_LIMITS } from "../constants";

/** The longest text any composer sends (a post); comments are shorter. */
export const PREVIEW_CONTENT_MAX = Math.max(TEXT_LIMITS.postContent, TEXT_LIMITS.comment);

/** POST /api/preview: a composer's text as the server would render it. Empty is allowed (an empty preview). */
export const previewSchema = z.strictObject({
  content: z.string().max(PREVIEW_CONTENT_MAX, "Content too long"),
});
export type PreviewInput = z.input<typeof previewSchema>;
export type PreviewData = z.output<typeof previewSchema>;
