import { useQuery } from "@tanstack/react-query";
import type { UserBadge } from "@shared/types";
import { usersQueryKeyRoot } from "@/lib/query-keys";

/**
 * GET /api/users/{id}/badges through the default query function (a failure throws the response
 * text); runs only once the member is known. Same key as the profile's badges, so they share a cache.
 */
export function useOwnBadges(userId: number | undefined) {
  return useQuery<UserBadge[]>({
    queryKey: [usersQueryKeyRoot, userId ?? 0, "badges"],
    enabled: userId !== undefined,
  });
}
