import { useQuery } from "@tanstack/react-query";
import type { BioSettingsResponse } from "@shared/types";
import { getQueryFn } from "@/lib/api-client";
import { bioSettingsQueryKey } from "./query-keys";

/**
 * GET /api/bio/settings: the member, their card (null before it is created) and links. A 401 gives
 * null. Always stale (read again whenever the editor opens), no refetch on focus, no retry.
 */
export function useBioSettings() {
  return useQuery({
    queryKey: bioSettingsQueryKey,
    queryFn: getQueryFn<BioSettingsResponse>({ on401: "returnNull" }),
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
