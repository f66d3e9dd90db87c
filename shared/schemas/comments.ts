import { z } from "zod";
import { MAX_PAGE_SIZE, TEXT_LIMITS } from "../constants";
import { idParamSchema, NOT_BLANK, pageSizeSchema } from "./fields";

export const profileCommentSchema = z.strictObject({
  content: z.string().trim().min(1, "Comment cannot be empty").max(TEXT_LIMITS.comment, "Comment is too long").meta(NOT_BLANK),
});
export type ProfileCommentInput = z.input<typeof profileCommentSchema>;
export type ProfileCommentData = z.output<typeof profileCommentSchema>;

/** GET /api/users/{id}/comments: newest first, `before` a comment's id. */
export const profileCommentsQuerySchema = z.object({ limit: pageSizeSchema(50, MAX_PAGE_SIZE), before: idParamSchema.optional() });
