import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PostContentData } from "@shared/schemas/posts";
import type { Post } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_UPDATE_POST } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { replacePost, type PostPages } from "../utils/posts-cache";
import { topicPostsQueryKey } from "./get-topic-posts";

/** PATCH /api/posts/{id} (author only): new content; the answer is marked edited. */
export async function updatePost(postId: number, post: PostContentData): Promise<Post> {
  const response = await apiRequest("PATCH", `/api/posts/${postId}`, post);
  return (await response.json()) as Post;
}

/** Edits a post of the topic; the edited version takes the old one's place. */
export function useUpdatePost(topicId: number, postId: number, { onSuccess }: { onSuccess?: (post: Post) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: PostContentData) => updatePost(postId, post),
    onSuccess: (post) => {
      queryClient.setQueryData<PostPages>(topicPostsQueryKey(topicId), (data) => (data ? replacePost(data, post) : data));
      onSuccess?.(post);
    },
    onError: (error) => failureToast(FAILED_TO_UPDATE_POST, error),
  });
}
