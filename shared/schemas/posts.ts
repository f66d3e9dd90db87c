import { z } from "zod";
import { TEXT_LIMITS, TOPIC_POSTS_PAGE_SIZE } from "../constants";
import { idParamSchema, NOT_BLANK, pageSizeSchema } from "./fields";

/** Body of both creating and editing a post. */
export const postContentSchema = z.strictObject({
  content: z.string().trim().min(1, "Content required").max(TEXT_LIMITS.postContent, "Content too long").meta(NOT_BLANK),
});
export type PostContentInput = z.input<typeof postContentSchema>;
export type PostContentData = z.output<typeof postContentSchema>;

/**
 * GET /api/topics/{id}/posts: posts oldest first. At most one position: `after` the last post
 * already loaded, `before` the first one (scrolling up), or `around` a post to open the topic at
 * (50 posts before it, it, and 49 after; `limit` does not apply).
 */
export const topicPostsQuerySchema = z
  .object({
    limit: pageSizeSchema(TOPIC_POSTS_PAGE_SIZE, TOPIC_POSTS_PAGE_SIZE),
    after: idParamSchema.optional(),
    before: idParamSchema.optional(),
    around: idParamSchema.optional(),
  })
  .refine((query) => [query.after, query.before, query.around].filter((value) => value !== undefined).length <= 1, "Use only one of after, before and around");
export type TopicPostsQueryInput = z.input<typeof topicPostsQuerySchema>;
export type TopicPostsQueryData = z.output<typeof topicPostsQuerySchema>;
