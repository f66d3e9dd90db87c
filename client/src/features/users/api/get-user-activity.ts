import { useQuery } from "@tanstack/react-query";
import { ACTIVITY_POLL_MS } from "@/lib/ui-constants";
import type { ActivityItem } from "@shared/types";
import { usersQueryKeyRoot } from "@/lib/query-keys";

/** GET /api/users/{id}/activity through the default query function (the key joined with '/'). */
export const userActivityQueryKey = (userId: number) => [usersQueryKeyRoot, userId, "activity"] as const;

/** A member's posts, topics and profile comments of the last 7 days, newest first; re-read every 30 s. */
export function useUserActivity(userId: number) {
  return useQuery<ActivityItem[]>({
    queryKey: userActivityQueryKey(userId),
    refetchInterval: ACTIVITY_POLL_MS,
  });
}
