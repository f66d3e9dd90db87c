import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_DELETE_POST } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { removePost, type PostPages } from "../utils/posts-cache";
import { topicQueryKey } from "./get-topic";
import { topicPostsQueryKey } from "./get-topic-posts";
import { topicListQueryKey } from "./get-topics";

/** DELETE /api/posts/{id} (author or admin). */
export async function deletePost(postId: number): Promise<void> {
  await apiRequest("DELETE", `/api/posts/${postId}`);
}

/** Deletes a post of the topic; the posts after it move up a number and the topic's counts are refreshed. */
export function useDeletePost(topicId: number, postId: number, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(postId),
    onSuccess: () => {
      queryClient.setQueryData<PostPages>(topicPostsQueryKey(topicId), (data) => (data ? removePost(data, postId) : data));
      void queryClient.invalidateQueries({ queryKey: topicQueryKey(topicId), exact: true });
      void queryClient.invalidateQueries({ queryKey: topicListQueryKey });
      onSuccess?.();
    },
    onError: (error) => failureToast(FAILED_TO_DELETE_POST, error),
  });
}
