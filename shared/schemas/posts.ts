import { z } from "zod";
import { TEXT_LIMITS, TOPIC_POSTS_PAGE_SIZE } from "../constants";
import { idParamSchema, pageSizeSchema } from "./fields";

/** Body of both creating and editing a post. */
export const postContentSchema = z.strictObject({
  content: z.string().trim().min(1, "Content required").max(TEXT_LIMITS.postContent, "Content too long"),
});
export type PostContentInput = z.input<typeof postContentSchema>;
export type PostContentData = z.output<typeof postContentSchema>;

/** GET /api/topics/{id}/posts: posts oldest first, `after` the last post already loaded. */
export const topicPostsQuerySchema = z.object({
  limit: pageSizeSchema(TOPIC_POSTS_PAGE_SIZE, TOPIC_POSTS_PAGE_SIZE),
  after: idParamSchema.optional(),
});
export type TopicPostsQueryInput = z.input<typeof topicPostsQuerySchema>;
export type TopicPostsQueryData = z.output<typeof topicPostsQuerySchema>;
