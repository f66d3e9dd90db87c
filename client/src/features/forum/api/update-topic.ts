import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateTopicInput } from "@shared/schemas/topics";
import type { Topic, TopicDetail } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { tagsQueryKey } from "@/lib/query-keys";
import { FAILED_TO_UPDATE_TOPIC } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { topicQueryKey } from "./get-topic";
import { topicListQueryKey } from "./get-topics";

/** PATCH /api/topics/{id}: pin/unpin, lock/unlock (staff), or title, description, category and tags; answers with the topic. */
export async function updateTopic(topicId: number, changes: UpdateTopicInput): Promise<Topic> {
  const response = await apiRequest("PATCH", `/api/topics/${topicId}`, changes);
  return (await response.json()) as Topic;
}

/** Pins, locks or edits a topic; the topic page shows the answer at once and the lists are refreshed. */
export function useUpdateTopic(topicId: number, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateTopicInput) => updateTopic(topicId, changes),
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
