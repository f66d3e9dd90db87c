import { useInfiniteQuery } from "@tanstack/react-query";
import type { TopicLevelsPage } from "@shared/types";
import { topicLevelsQueryKey } from "@/features/forum/api/set-notification-level";
import { apiGet } from "@/lib/api-client";

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
