import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTopicData } from "@shared/schemas/topics";
import { DEFAULT_TOPIC_NOTIFICATION_LEVEL } from "@shared/constants";
import type { Topic, TopicDetail } from "@shared/types";
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
      // The topic page reads a TopicDetail: its author has read nothing yet and tracks it, as the server would say.
      queryClient.setQueryData<TopicDetail>(topicQueryKey(topic.id), { ...topic, lastReadPostId: null, notificationLevel: DEFAULT_TOPIC_NOTIFICATION_LEVEL });
      void queryClient.invalidateQueries({ queryKey: topicListQueryKey });
      void queryClient.invalidateQueries({ queryKey: tagsQueryKey });
      onSuccess?.(topic);
    },
    onError: (error) => failureToast(FAILED_TO_CREATE_TOPIC, error),
  });
}
