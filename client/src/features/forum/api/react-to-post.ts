import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Reaction } from "@shared/reactions";
import type { PostReaction, PostReactionsAnswer, PostReactors } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";
import { FAILED_TO_REACT } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { setPostReactions, type PostPages } from "../utils/posts-cache";
import { toggleReaction } from "../utils/reactions";
import { forumQueryKeyRoot } from "./get-topics";
import { topicPostsQueryKey } from "./get-topic-posts";

/** The list of who reacted to a post, fetched when it is first shown. */
export const reactorsQueryKey = (postId: number) => [forumQueryKeyRoot, "reactions", postId] as const;

/** PUT (give) or DELETE (take back) /api/posts/{id}/reactions/{reaction}: the post's reactions as they now stand. */
export async function reactToPost(postId: number, reaction: Reaction, give: boolean): Promise<PostReaction[]> {
  const response = await apiRequest(give ? "PUT" : "DELETE", `/api/posts/${postId}/reactions/${reaction}`);
  return ((await response.json()) as PostReactionsAnswer).reactions;
}

/**
 * Gives or takes back a reaction at once (optimistic): the cached post changes before the server
 * answers, and changes back, with a toast, if it refuses. The server's answer replaces the guess
 * only once no other reaction to the post is on its way, so quick clicks do not flicker.
 */
export function useReactToPost(topicId: number, postId: number) {
  const queryClient = useQueryClient();
  const mutationKey = ["react", postId];
  const update = (change: (reactions: PostReaction[]) => PostReaction[]) =>
    queryClient.setQueryData<PostPages>(topicPostsQueryKey(topicId), (data) => (data ? setPostReactions(data, postId, change) : data));
  return useMutation({
    mutationKey,
    mutationFn: ({ reaction, give }: { reaction: Reaction; give: boolean }) => reactToPost(postId, reaction, give),
    onMutate: async ({ reaction, give }) => {
      await queryClient.cancelQueries({ queryKey: topicPostsQueryKey(topicId) });
      update((reactions) => toggleReaction(reactions, reaction, give));
    },
    onSuccess: (reactions) => {
      if (queryClient.isMutating({ mutationKey }) === 1) update(() => reactions);
      void queryClient.invalidateQueries({ queryKey: reactorsQueryKey(postId) });
    },
    onError: (error, { reaction, give }) => {
      update((reactions) => toggleReaction(reactions, reaction, !give));
      failureToast(FAILED_TO_REACT, error);
    },
  });
}

/** GET /api/posts/{id}/reactions: who gave which reaction, loaded while `enabled` (the list is open). */
export function useReactors(postId: number, enabled: boolean) {
  return useQuery({
    queryKey: reactorsQueryKey(postId),
    queryFn: ({ signal }) => apiGet<PostReactors>(`/api/posts/${postId}/reactions`, signal),
    enabled,
  });
}
