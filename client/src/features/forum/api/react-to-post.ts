import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Reaction } from "@shared/reactions";
import type { PostReaction, PostReactionsAnswer, PostReactors, TopicDetail } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";
import { FAILED_TO_REACT } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { setPostReactions, type PostPages } from "../utils/posts-cache";
import { toggleReaction } from "../utils/reactions";
import { forumQueryKeyRoot } from "./get-topics";
import { topicPostsQueryKey } from "./get-topic-posts";
import { topicQueryKey } from "./get-topic";

/** What takes reactions: a post, or a topic's opener (docs/product.md "The opener is a post"), in topic `topicId`. */
export interface ReactionTarget {
  kind: "post" | "topic";
  id: number;
  topicId: number;
}

/** The list of who reacted to a post or opener, fetched when it is first shown. */
export const reactorsQueryKey = ({ kind, id }: Pick<ReactionTarget, "kind" | "id">) => [forumQueryKeyRoot, "reactions", kind, id] as const;

const reactionsPath = ({ kind, id }: Pick<ReactionTarget, "kind" | "id">) => `/api/${kind}s/${id}/reactions`;

/** PUT (give) or DELETE (take back) /api/posts/{id}/reactions/{reaction} (or /api/topics/…): its reactions as they now stand. */
export async function reactTo(target: Pick<ReactionTarget, "kind" | "id">, reaction: Reaction, give: boolean): Promise<PostReaction[]> {
  const response = await apiRequest(give ? "PUT" : "DELETE", `${reactionsPath(target)}/${reaction}`);
  return ((await response.json()) as PostReactionsAnswer).reactions;
}

/**
 * Gives or takes back a reaction at once (optimistic): the cached post changes before the server
 * answers, and changes back, with a toast, if it refuses. The server's answer replaces the guess
 * only once no other reaction to the post is on its way, so quick clicks do not flicker.
 */
export function useReactTo(target: ReactionTarget) {
  const queryClient = useQueryClient();
  const { kind, id, topicId } = target;
  const mutationKey = ["react", kind, id];
  // A post's reactions live in the topic's posts pages, an opener's in the topic.
  const cachedIn = kind === "post" ? topicPostsQueryKey(topicId) : topicQueryKey(topicId);
  const update = (change: (reactions: PostReaction[]) => PostReaction[]) =>
    kind === "post"
      ? queryClient.setQueryData<PostPages>(cachedIn, (data) => (data ? setPostReactions(data, id, change) : data))
      : queryClient.setQueryData<TopicDetail>(cachedIn, (topic) => (topic ? { ...topic, reactions: change(topic.reactions) } : topic));
  return useMutation({
    mutationKey,
    mutationFn: ({ reaction, give }: { reaction: Reaction; give: boolean }) => reactTo(target, reaction, give),
    onMutate: async ({ reaction, give }) => {
      await queryClient.cancelQueries({ queryKey: cachedIn });
      update((reactions) => toggleReaction(reactions, reaction, give));
    },
    onSuccess: (reactions) => {
      if (queryClient.isMutating({ mutationKey }) === 1) update(() => reactions);
      void queryClient.invalidateQueries({ queryKey: reactorsQueryKey(target) });
    },
    onError: (error, { reaction, give }) => {
      update((reactions) => toggleReaction(reactions, reaction, !give));
      failureToast(FAILED_TO_REACT, error);
    },
  });
}

/** GET /api/posts/{id}/reactions (or /api/topics/…): who gave which reaction, loaded while `enabled` (the list is open). */
export function useReactors(target: Pick<ReactionTarget, "kind" | "id">, enabled: boolean) {
  return useQuery({
    queryKey: reactorsQueryKey(target),
    queryFn: ({ signal }) => apiGet<PostReactors>(reactionsPath(target), signal),
    enabled,
  });
}
