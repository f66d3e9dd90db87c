import { useQuery } from "@tanstack/react-query";
import type { UserBadge } from "@shared/types";
import { usersQueryKeyRoot } from "@/lib/query-keys";

/** GET /api/users/{id}/badges through the default query function. */
export const userBadgesQueryKey = (userId: number) => [usersQueryKeyRoot, userId, "badges"] as const;

export function useUserBadges(userId: number) {
  return useQuery<UserBadge[]>({ queryKey: userBadgesQueryKey(userId) });
}
