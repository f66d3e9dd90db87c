import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TopicNotificationLevel } from "@shared/constants";
import type { TopicDetail, TopicLevelAnswer } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_SET_NOTIFICATION_LEVEL } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { topicQueryKey } from "./get-topic";
import { topicListQueryKey } from "./get-topics";

/** The settings screen's list of watched and muted topics. */
export const topicLevelsQueryKey = ["topic-notification-levels"] as const;

/** PUT /api/topics/{id}/notification-level */
export async function setNotificationLevel(topicId: number, level: TopicNotificationLevel): Promise<TopicLevelAnswer> {
  const response = await apiRequest("PUT", `/api/topics/${topicId}/notification-level`, { level });
  return (await response.json()) as TopicLevelAnswer;
}

/** Sets the member's level of a topic; the topic page shows it at once, the lists read it again. */
export function useSetNotificationLevel(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: TopicNotificationLevel) => setNotificationLevel(topicId, level),
    onSuccess: ({ level }) => {
      queryClient.setQueryData<TopicDetail>(topicQueryKey(topicId), (cached) => (cached ? { ...cached, notificationLevel: level } : undefined));
      void queryClient.invalidateQueries({ queryKey: topicListQueryKey });
      void queryClient.invalidateQueries({ queryKey: topicLevelsQueryKey });
    },
    onError: (error) => failureToast(FAILED_TO_SET_NOTIFICATION_LEVEL, error),
  });
}
