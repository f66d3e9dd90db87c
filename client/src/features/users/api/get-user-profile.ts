import { useQuery } from "@tanstack/react-query";
import type { UserProfile } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { usersQueryKeyRoot } from "@/lib/query-keys";

export const userProfileQueryKey = (username: string) => [usersQueryKeyRoot, "profile", username.toLowerCase()] as const;

/** GET /api/users/{username} (404 'User not found'). */
export function getUserProfile(username: string, signal?: AbortSignal): Promise<UserProfile> {
  return apiGet<UserProfile>(`/api/users/${encodeURIComponent(username)}`, signal);
}

/** A member's profile by username (usernames are unique whatever their case). */
export function useUserProfile(username: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: userProfileQueryKey(username),
    queryFn: ({ signal }) => getUserProfile(username, signal),
    enabled,
  });
}
