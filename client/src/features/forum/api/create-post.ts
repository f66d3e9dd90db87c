import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { PostContentData } from "@shared/schemas/posts";
import type { Post } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_CREATE_POST } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { topicQueryKey } from "./get-topic";
import { forumQueryKeyRoot, topicListQueryKey } from "./get-topics";
import { useLoadNewerPosts } from "./load-newer-posts";

/** POST /api/topics/{id}/posts → 201 with the new post (403 'Topic is locked' on a locked topic). */
export async function createPost(topicId: number, post: PostContentData): Promise<Post> {
  const response = await apiRequest("POST", `/api/topics/${topicId}/posts`, post);
  return (await response.json()) as Post;
}

const replyMutationKey = (topicId: number) => [forumQueryKeyRoot, topicId, "reply"] as const;

/**
 * Resolves once the reader's replies to the topic under way are answered and appended: a live
 * "new post" that arrives first (most often their own reply's) is then already shown.
 */
export function whenRepliesSettled(queryClient: QueryClient, topicId: number): Promise<void> {
  const filters = { mutationKey: replyMutationKey(topicId), status: "pending" as const };
  if (queryClient.isMutating(filters) === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      if (queryClient.isMutating(filters) > 0) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Replies to a topic; the new post shows up at the end (as answered, when nothing came in between), and the topic's counts are refreshed. */
export function useCreatePost(topicId: number, { onSuccess }: { onSuccess?: (post: Post) => void } = {}) {
  const queryClient = useQueryClient();
  const loadNewerPosts = useLoadNewerPosts(topicId);
  return useMutation({
    mutationKey: replyMutationKey(topicId),
    mutationFn: (post: PostContentData) => createPost(topicId, post),
    onSuccess: async (post) => {
      onSuccess?.(post);
      void queryClient.invalidateQueries({ queryKey: topicListQueryKey });
      void queryClient.invalidateQueries({ queryKey: topicQueryKey(topicId), exact: true });
      // A failure shows under the posts, with a retry (post-list.tsx); the reply itself was posted.
      await loadNewerPosts.mutateAsync(post).catch(() => {});
    },
    onError: (error) => {
      failureToast(FAILED_TO_CREATE_POST, error);
      // e.g. the topic was locked meanwhile: show its current state (the locked notice).
      void queryClient.invalidateQueries({ queryKey: topicQueryKey(topicId), exact: true });
    },
  });
}
