import { z } from "zod";
import { MAX_PAGE_SIZE, TEXT_LIMITS, TOPICS_PAGE_SIZE } from "../constants";
import { idParamSchema, pageSizeSchema } from "./fields";

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

/** GET /api/topics: list order (pinned first, then latest activity); `after` the last topic already shown. */
export const topicListQuerySchema = z.object({
  limit: pageSizeSchema(TOPICS_PAGE_SIZE, MAX_PAGE_SIZE),
  after: idParamSchema.optional(),
});
export type TopicListQueryData = z.output<typeof topicListQuerySchema>;

/** PUT /api/topics/{id}/read: the last post the member has seen; 0 when they opened a topic without posts. */
export const readPositionSchema = z.strictObject({ postId: z.union([z.literal(0), idParamSchema]) });
export type ReadPositionData = z.output<typeof readPositionSchema>;
