import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateTopicData } from "@shared/schemas/topics";
import type { Topic, TopicDetail } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import type { TopicTaxonomyData } from "@/lib/categories-contract";
import { FAILED_TO_UPDATE_TOPIC } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { topicQueryKey } from "./get-topic";
import { tagsQueryKey } from "./get-tags";
import { topicListQueryKey } from "./get-topics";

/** Edits of a topic's title, description, category and tags (its author while unlocked, or staff). */
export type TopicEdit = { title?: string; description?: string } & TopicTaxonomyData;

/** PATCH /api/topics/{id}: pin/unpin, lock/unlock (staff), or an edit; answers with the topic. */
export async function updateTopic(topicId: number, changes: UpdateTopicData | TopicEdit): Promise<Topic> {
  const response = await apiRequest("PATCH", `/api/topics/${topicId}`, changes);
  return (await response.json()) as Topic;
}

/** Pins, locks or edits a topic; the topic page shows the answer at once and the lists are refreshed. */
export function useUpdateTopic(topicId: number, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateTopicData | TopicEdit) => updateTopic(topicId, changes),
    onSuccess: (topic) => {
      // The answer is the topic without the reader's position: that is kept from the cached detail.
      queryClient.setQueryData<TopicDetail>(topicQueryKey(topicId), (cached) => (cached ? { ...cached, ...topic } : undefined));
      void queryClient.invalidateQueries({ queryKey: topicListQueryKey });
      void queryClient.invalidateQueries({ queryKey: tagsQueryKey });
      onSuccess?.();
    },
    onError: (error) => failureToast(FAILED_TO_UPDATE_TOPIC, error),
  });
}
