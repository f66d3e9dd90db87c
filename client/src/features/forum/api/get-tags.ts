import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { tagsQueryKey } from "@/lib/query-keys";
import type { TagsResponse } from "@shared/types";

/** GET /api/tags?q=: up to 50 tags, most used first, starting with `q` when given. */
export function useTags(q = "", { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...tagsQueryKey, q],
    queryFn: ({ signal }) => apiGet<TagsResponse>(`/api/tags?${new URLSearchParams(q ? { q } : {})}`, signal),
    select: (data) => data.tags,
    placeholderData: keepPreviousData,
    // Suggestions follow new topics' tags within a minute.
    staleTime: 60_000,
    enabled,
  });
}
