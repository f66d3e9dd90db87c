import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { SearchType } from "@shared/constants";
import type { MemberSearchResult, PostSearchResult, SearchCounts, SearchPage, TopicSearchResult } from "@shared/types";
import { apiGet } from "@/lib/api-client";

export interface SearchResultOf {
  posts: PostSearchResult;
  topics: TopicSearchResult;
  members: MemberSearchResult;
}

export const searchQueryKey = (type: SearchType, q: string) => ["/api/search", type, q] as const;

/** GET /api/search: one page of results of a type; `cursor` is the previous page's nextCursor. */
export function search<T extends SearchType>(type: T, q: string, cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ q, type });
  if (cursor) params.set("cursor", cursor);
  return apiGet<SearchPage<SearchResultOf[T]>>(`/api/search?${params}`, signal);
}

/** Results of one tab, a page at a time as the reader scrolls (nothing is asked for a blank query). */
export function useSearch<T extends SearchType>(type: T, q: string) {
  return useInfiniteQuery({
    queryKey: searchQueryKey(type, q),
    queryFn: ({ pageParam, signal }) => search(type, q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: q.trim().length > 0,
  });
}

export const searchCountsQueryKey = (q: string) => ["/api/search/counts", q] as const;

/** GET /api/search/counts: how many results each tab has (up to 100, which means more). */
export function useSearchCounts(q: string) {
  return useQuery({
    queryKey: searchCountsQueryKey(q),
    queryFn: ({ signal }) => apiGet<SearchCounts>(`/api/search/counts?${new URLSearchParams({ q })}`, signal),
    enabled: q.trim().length > 0,
  });
}
