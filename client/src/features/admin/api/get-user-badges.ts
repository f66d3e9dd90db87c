import { useQuery } from "@tanstack/react-query";
import type { UserBadge } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { usersQueryKeyRoot } from "@/lib/query-keys";
import { FAILED_TO_FETCH_BADGES } from "../messages";
import { failureToast } from "../utils/failure-toast";

/** The same key as the profile's badges, so a grant or removal here shows on the profile too. */
export const userBadgesQueryKey = (userId: number) => [usersQueryKeyRoot, userId, "badges"] as const;

/** GET /api/users/{id}/badges: manual and automatic badges. */
export function getUserBadges(userId: number, signal?: AbortSignal): Promise<UserBadge[]> {
  return apiGet<UserBadge[]>(`/api/users/${userId}/badges`, signal);
}

/** A member's badges for the Badge Management dialog; always read afresh, a failure toasts 'Failed to fetch badges'. */
export function useUserBadges(userId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: userBadgesQueryKey(userId),
    queryFn: async ({ signal }) => {
      try {
        return await getUserBadges(userId, signal);
      } catch (error) {
        if (!signal.aborted) failureToast(FAILED_TO_FETCH_BADGES, error);
        throw error;
      }
    },
    staleTime: 0,
    enabled,
  });
}
