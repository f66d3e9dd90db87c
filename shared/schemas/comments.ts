import { z } from "zod";
import { TEXT_LIMITS } from "../constants";

export const profileCommentSchema = z.strictObject({
  content: z.string().trim().min(1, "Comment cannot be empty").max(TEXT_LIMITS.comment, "Comment is too long"),
});
export type ProfileCommentInput = z.input<typeof profileCommentSchema>;
export type ProfileCommentData = z.output<typeof profileCommentSchema>;
