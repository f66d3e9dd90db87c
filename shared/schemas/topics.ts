import { z } from "zod";
import { TEXT_LIMITS } from "../constants";

export const createTopicSchema = z.strictObject({
  title: z.string().trim().min(1, "Title required").max(TEXT_LIMITS.topicTitle, "Title too long"),
  description: z.string().trim().max(TEXT_LIMITS.topicDescription, "Description too long").optional(),
});
export type CreateTopicInput = z.input<typeof createTopicSchema>;
export type CreateTopicData = z.output<typeof createTopicSchema>;

/** PATCH /api/topics/{id} (admin): pin/unpin, lock/unlock. */
export const updateTopicSchema = z
  .strictObject({
    isPinned: z.boolean().optional(),
    isLocked: z.boolean().optional(),
  })
  .refine((body) => body.isPinned !== undefined || body.isLocked !== undefined, "Nothing to update");
export type UpdateTopicInput = z.input<typeof updateTopicSchema>;
export type UpdateTopicData = z.output<typeof updateTopicSchema>;
