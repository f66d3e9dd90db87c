import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTopicData } from "@shared/schemas/topics";
import type { Topic } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { tagsQueryKey } from "@/lib/query-keys";
import { FAILED_TO_CREATE_TOPIC } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { topicQueryKey } from "./get-topic";
import { topicListQueryKey } from "./get-topics";

/** POST /api/topics → 201 with the new topic. */
export async function createTopic(topic: CreateTopicData): Promise<Topic> {
  const response = await apiRequest("POST", "/api/topics", topic);
  return (await response.json()) as Topic;
}

/** Creates a topic: the list is refreshed and the new topic cached; a failure toasts the server's message. */
export function useCreateTopic({ onSuccess }: { onSuccess?: (topic: Topic) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopic,
    onSuccess: (topic) => {
      queryClient.setQueryData(topicQueryKey(topic.id), topic);
      void queryClient.invalidateQueries({ queryKey: topicListQueryKey });
      void queryClient.invalidateQueries({ queryKey: tagsQueryKey });
      onSuccess?.(topic);
    },
    onError: (error) => failureToast(FAILED_TO_CREATE_TOPIC, error),
  });
}
