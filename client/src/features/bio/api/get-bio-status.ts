import { useQuery } from "@tanstack/react-query";
import type { BioStatusResponse } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { usersQueryKeyRoot } from "@/lib/query-keys";

export const bioStatusQueryKey = (username: string) => [usersQueryKeyRoot, "bio-status", username.toLowerCase()] as const;

/** GET /api/users/{username}/bio-status: whether the member has a bio card at /{username}. */
export function getBioStatus(username: string, signal?: AbortSignal): Promise<BioStatusResponse> {
  return apiGet<BioStatusResponse>(`/api/users/${encodeURIComponent(username)}/bio-status`, signal);
}

export function useBioStatus(username: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: bioStatusQueryKey(username),
    queryFn: ({ signal }) => getBioStatus(username, signal),
    enabled,
  });
}
