import { useInfiniteQuery } from "@tanstack/react-query";
import { TOPICS_PAGE_SIZE } from "@shared/constants";
import type { TopicListItem } from "@shared/types";
import { apiGet } from "@/lib/api-client";

/** Every cached forum read starts with this: topic lists, single topics and their posts. */
export const forumQueryKeyRoot = "/api/topics";
export const topicListQueryKey = [forumQueryKeyRoot, "list"] as const;

/** GET /api/topics: a page of topics in list order (pinned first, then latest activity), after the topic `after`. */
export async function getTopics({ after, limit = TOPICS_PAGE_SIZE, signal }: { after?: number; limit?: number; signal?: AbortSignal }) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (after !== undefined) params.set("after", String(after));
  return apiGet<TopicListItem[]>(`/api/topics?${params}`, signal);
}

/** The forum's topic list, a page at a time (keyset on the last topic shown). */
export function useTopics() {
  return useInfiniteQuery({
    queryKey: topicListQueryKey,
    queryFn: ({ pageParam, signal }) => getTopics({ after: pageParam, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => (lastPage.length < TOPICS_PAGE_SIZE ? undefined : lastPage.at(-1)?.id),
  });
}
