import { useInfiniteQuery } from "@tanstack/react-query";
import type { ActivityFilter } from "@shared/constants";
import type { ActivityPage } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { usersQueryKeyRoot } from "@/lib/query-keys";
import { ACTIVITY_POLL_MS } from "@/lib/ui-constants";

export const userActivityQueryKey = (username: string, type: ActivityFilter) => [usersQueryKeyRoot, username.toLowerCase(), "activity", type] as const;

/**
 * GET /api/users/{username}/activity: a member's posts, topics and profile comments of all time (or
 * one kind), newest first, 20 a page; more load on request. The loaded pages are re-read every 30 s,
 * so new items arrive at the top.
 */
export function useUserActivity(username: string, type: ActivityFilter) {
  return useInfiniteQuery({
    queryKey: userActivityQueryKey(username, type),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ type });
      if (pageParam) query.set("cursor", pageParam);
      return apiGet<ActivityPage>(`/api/users/${encodeURIComponent(username)}/activity?${query}`, signal);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    refetchInterval: ACTIVITY_POLL_MS,
  });
}
