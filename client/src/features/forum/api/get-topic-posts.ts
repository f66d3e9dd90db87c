import { useInfiniteQuery } from "@tanstack/react-query";
import { TOPIC_POSTS_PAGE_SIZE } from "@shared/constants";
import type { Post } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { toPostsPage, type PostsPage } from "../utils/posts-cache";
import { forumQueryKeyRoot } from "./get-topics";

export const topicPostsQueryKey = (topicId: number) => [forumQueryKeyRoot, topicId, "posts"] as const;

/** GET /api/topics/{id}/posts: up to `limit` posts, oldest first, after the post `after`. */
export async function getTopicPosts(
  topicId: number,
  { after, limit = TOPIC_POSTS_PAGE_SIZE, signal }: { after?: number; limit?: number; signal?: AbortSignal } = {},
): Promise<PostsPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (after !== undefined) params.set("after", String(after));
  const posts = await apiGet<Post[]>(`/api/topics/${topicId}/posts?${params}`, signal);
  return toPostsPage(posts, limit);
}

/**
 * A topic's posts, oldest first, a page at a time as the reader scrolls; a page shorter than the
 * page size is the last. `allPosts(data)` gives them as one list.
 */
export function useTopicPosts(topicId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: topicPostsQueryKey(topicId),
    queryFn: ({ pageParam, signal }) => getTopicPosts(topicId, { after: pageParam, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextAfter,
    enabled,
  });
}
