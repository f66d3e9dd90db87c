import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AnalyticsPeriod } from "@shared/constants";
import type { BioAnalytics } from "@shared/types";
import { apiGet } from "@/lib/api-client";

export const bioAnalyticsQueryKey = (days: AnalyticsPeriod) => ["/api/bio/analytics", days] as const;

/** GET /api/bio/analytics?days=: the owner's views and clicks per day, links by clicks, totals. */
export function getBioAnalytics(days: AnalyticsPeriod, signal?: AbortSignal): Promise<BioAnalytics> {
  return apiGet<BioAnalytics>(`/api/bio/analytics?days=${days}`, signal);
}

/** Read afresh whenever the tab opens; while another period loads, the last one stays on screen. */
export function useBioAnalytics(days: AnalyticsPeriod) {
  return useQuery({
    queryKey: bioAnalyticsQueryKey(days),
    queryFn: ({ signal }) => getBioAnalytics(days, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
