import { z } from "zod";
import { DEFAULT_TOP_PERIOD, MAX_PAGE_SIZE, TEXT_LIMITS, TOP_PERIODS, TOPIC_LIST_FILTERS, TOPICS_PAGE_SIZE } from "../constants";
import { topicCategoryIdSchema, topicTagsSchema } from "./categories";
import { idParamSchema, NOT_BLANK, pageSizeSchema } from "./fields";

const topicTitleSchema = z.string().trim().min(1, "Title required").max(TEXT_LIMITS.topicTitle, "Title too long").meta(NOT_BLANK);
const topicDescriptionSchema = z.string().trim().max(TEXT_LIMITS.topicDescription, "Description too long");

/** POST /api/topics: no categoryId puts the topic in General. */
export const createTopicSchema = z.strictObject({
  title: topicTitleSchema,
  description: topicDescriptionSchema.optional(),
  categoryId: topicCategoryIdSchema.optional(),
  tags: topicTagsSchema.optional(),
});
export type CreateTopicInput = z.input<typeof createTopicSchema>;
export type CreateTopicData = z.output<typeof createTopicSchema>;

/**
 * PATCH /api/topics/{id}: title, description (empty or null clears it), category and tags (the author
 * while the topic is not locked, or staff); pin/unpin and lock/unlock (staff only).
 */
export const updateTopicSchema = z
  .strictObject({
    title: topicTitleSchema.optional(),
    description: topicDescriptionSchema.nullable().transform((value) => value || null).optional(),
    categoryId: topicCategoryIdSchema.optional(),
    tags: topicTagsSchema.optional(),
    isPinned: z.boolean().optional(),
    isLocked: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Nothing to update")
  .meta({ minProperties: 1 });
export type UpdateTopicInput = z.input<typeof updateTopicSchema>;
export type UpdateTopicData = z.output<typeof updateTopicSchema>;

/**
 * GET /api/topics: `after` the last topic already shown, in the filter's order. `category` (a slug)
 * and `tag` narrow any filter; one that names nothing gives an empty list, not an error.
 */
export const topicListQuerySchema = z.object({
  limit: pageSizeSchema(TOPICS_PAGE_SIZE, MAX_PAGE_SIZE),
  after: idParamSchema.optional(),
  category: z.string().optional(),
  tag: z.string().optional(),
  filter: z.enum(TOPIC_LIST_FILTERS, { error: "Unknown filter" }).default("latest"),
  period: z.enum(TOP_PERIODS, { error: "Unknown period" }).default(DEFAULT_TOP_PERIOD),
});
export type TopicListQueryData = z.output<typeof topicListQuerySchema>;

/** PUT /api/topics/{id}/read: the last post the member has seen; 0 when they opened a topic without posts. */
export const readPositionSchema = z.strictObject({ postId: z.union([z.literal(0), idParamSchema]) });
export type ReadPositionData = z.output<typeof readPositionSchema>;
