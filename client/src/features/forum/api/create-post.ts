import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { PostContentData } from "@shared/schemas/posts";
import type { Post } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_CREATE_POST } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { appendPosts, lastLoadedPostId, reachedEnd, type PostPages } from "../utils/posts-cache";
import { topicQueryKey } from "./get-topic";
import { getTopicPosts, topicPostsQueryKey } from "./get-topic-posts";
import { topicListQueryKey } from "./get-topics";

/** POST /api/topics/{id}/posts → 201 with the new post (403 'Topic is locked' on a locked topic). */
export async function createPost(topicId: number, post: PostContentData): Promise<Post> {
  const response = await apiRequest("POST", `/api/topics/${topicId}/posts`, post);
  return (await response.json()) as Post;
}

/**
 * Brings the loaded posts up to date after a reply: when the reader had reached the end, the posts
 * after the newest loaded one (the reply and whatever others wrote meanwhile) are fetched and
 * appended. Otherwise they arrive with the following pages as the reader scrolls.
 */
async function appendNewerPosts(queryClient: QueryClient, topicId: number): Promise<void> {
  const queryKey = topicPostsQueryKey(topicId);
  await queryClient.cancelQueries({ queryKey, exact: true });
  const data = queryClient.getQueryData<PostPages>(queryKey);
  if (!data || !reachedEnd(data)) return;

  const newer = await getTopicPosts(topicId, { after: lastLoadedPostId(data) });
  queryClient.setQueryData<PostPages>(queryKey, (current) => (current ? appendPosts(current, newer) : current));
}

/** Replies to a topic; the new post shows up at the end, and the topic's counts are refreshed. */
export function useCreatePost(topicId: number, { onSuccess }: { onSuccess?: (post: Post) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: PostContentData) => createPost(topicId, post),
    onSuccess: async (post) => {
      onSuccess?.(post);
      void queryClient.invalidateQueries({ queryKey: topicListQueryKey });
      void queryClient.invalidateQueries({ queryKey: topicQueryKey(topicId), exact: true });
      try {
        await appendNewerPosts(queryClient, topicId);
      } catch {
        await queryClient.invalidateQueries({ queryKey: topicPostsQueryKey(topicId), exact: true });
      }
    },
    onError: (error) => {
      failureToast(FAILED_TO_CREATE_POST, error);
      // e.g. the topic was locked meanwhile: show its current state (the locked notice).
      void queryClient.invalidateQueries({ queryKey: topicQueryKey(topicId), exact: true });
    },
  });
}
