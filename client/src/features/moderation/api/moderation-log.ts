import { useInfiniteQuery } from "@tanstack/react-query";
import type { ModerationLogResponse } from "@shared/types";
import { apiGet } from "@/lib/api-client";

export const moderationLogQueryKey = ["/api/moderation-log"] as const;

/** GET /api/moderation-log, newest first, 20 entries a page. */
export function useModerationLog() {
  return useInfiniteQuery({
    queryKey: moderationLogQueryKey,
    queryFn: ({ pageParam, signal }) => apiGet<ModerationLogResponse>(`/api/moderation-log${pageParam ? `?cursor=${pageParam}` : ""}`, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}
