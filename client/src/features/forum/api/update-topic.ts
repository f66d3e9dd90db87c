import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateTopicData } from "@shared/schemas/topics";
import type { Topic } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_UPDATE_TOPIC } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { topicQueryKey } from "./get-topic";
import { topicListQueryKey } from "./get-topics";

/** PATCH /api/topics/{id} (admin): pin/unpin, lock/unlock; answers with the topic. */
export async function updateTopic(topicId: number, changes: UpdateTopicData): Promise<Topic> {
  const response = await apiRequest("PATCH", `/api/topics/${topicId}`, changes);
  return (await response.json()) as Topic;
}

/** Pins or locks a topic (admins); the topic page shows the answer at once and the list is refreshed. */
export function useUpdateTopic(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateTopicData) => updateTopic(topicId, changes),
    onSuccess: (topic) => {
      queryClient.setQueryData(topicQueryKey(topicId), topic);
      void queryClient.invalidateQueries({ queryKey: topicListQueryKey });
    },
    onError: (error) => failureToast(FAILED_TO_UPDATE_TOPIC, error),
  });
}
