import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TopicNotificationLevel } from "@shared/constants";
import type { TopicDetail, TopicLevelAnswer, TopicLevelsPage } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { topicListQueryKey, topicQueryKey } from "@/lib/query-keys";
import { toast } from "@/lib/toast";

/** The settings screen's list of watched and muted topics. */
const topicLevelsQueryKey = ["/api/topic-notification-levels"] as const;

/** A level the server refused: the spec names no text, so this follows its pattern. */
const FAILED_TO_SET_NOTIFICATION_LEVEL = "Failed to update notifications";

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
    onError: (error) => toast({ variant: "destructive", title: FAILED_TO_SET_NOTIFICATION_LEVEL, description: apiErrorMessage(error) }),
  });
}

/** GET /api/topic-notification-levels: the member's watched and muted topics, a page at a time. */
export function useTopicLevels() {
  return useInfiniteQuery({
    queryKey: topicLevelsQueryKey,
    queryFn: ({ pageParam, signal }) =>
      apiGet<TopicLevelsPage>(`/api/topic-notification-levels${pageParam ? `?after=${pageParam}` : ""}`, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextAfter ?? undefined,
  });
}
