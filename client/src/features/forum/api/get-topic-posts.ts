import { useInfiniteQuery } from "@tanstack/react-query";
import { AROUND_POSTS_AFTER, AROUND_POSTS_BEFORE, TOPIC_POSTS_PAGE_SIZE } from "@shared/constants";
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
 * GET /api/topics/{id}/posts?around=: the page holding a post (50 before it, 49 after), each post with
 * its `number`, from which the posts of the pages loaded before and after it are numbered too.
 */
async function getPostsAround(topicId: number, around: number, signal?: AbortSignal): Promise<PostsPage> {
  const posts = await apiGet<Post[]>(`/api/topics/${topicId}/posts?around=${around}`, signal);
  const before = posts.filter((post) => post.id < around).length;
  const after = posts.filter((post) => post.id > around).length;
  return {
    posts,
    nextAfter: after >= AROUND_POSTS_AFTER ? posts.at(-1)?.id : undefined,
    previousBefore: before >= AROUND_POSTS_BEFORE ? posts[0]?.id : undefined,
  };
}

/** GET /api/topics/{id}/posts?before=: the page just before a post, when scrolling up. */
async function getPostsBefore(topicId: number, before: number, signal?: AbortSignal): Promise<PostsPage> {
  const posts = await apiGet<Post[]>(`/api/topics/${topicId}/posts?before=${before}&limit=${TOPIC_POSTS_PAGE_SIZE}`, signal);
  return { posts, nextAfter: undefined, previousBefore: posts.length >= TOPIC_POSTS_PAGE_SIZE ? posts[0]?.id : undefined };
}

/**
 * A topic's posts, oldest first, a page at a time as the reader scrolls; a page shorter than the
 * page size is the last. `allPosts(data)` gives them as one list. With `around` the first page is
 * the one holding that post, and earlier pages load on demand: page params are `after` ids, and a
 * negative param is an earlier page (`before` its absolute value).
 */
export function useTopicPosts(topicId: number, { enabled = true, around }: { enabled?: boolean; around?: number } = {}) {
  return useInfiniteQuery({
    queryKey: topicPostsQueryKey(topicId),
    queryFn: ({ pageParam, signal }) => {
      if (pageParam !== undefined && pageParam < 0) return getPostsBefore(topicId, -pageParam, signal);
      if (pageParam === undefined && around !== undefined) return getPostsAround(topicId, around, signal);
      return getTopicPosts(topicId, { after: pageParam, signal });
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextAfter,
    getPreviousPageParam: (firstPage) => (firstPage.previousBefore === undefined ? undefined : -firstPage.previousBefore),
    enabled,
  });
}
