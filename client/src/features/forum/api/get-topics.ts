import { useInfiniteQuery } from "@tanstack/react-query";
import { TOPICS_PAGE_SIZE } from "@shared/constants";
import type { TopicListItem } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { forumQueryKeyRoot, topicListQueryKey } from "@/lib/query-keys";
import { topicListApiQuery, type TopicListView } from "../utils/topic-list-params";

/** Every cached forum read starts with this: topic lists, single topics and their posts. */
export { forumQueryKeyRoot, topicListQueryKey };

/** GET /api/topics: a page of a view's topics in its order, after the topic `after`. */
export async function getTopics(view: TopicListView, { after, limit = TOPICS_PAGE_SIZE, signal }: { after?: number; limit?: number; signal?: AbortSignal }) {
  return apiGet<TopicListItem[]>(`/api/topics?${topicListApiQuery(view, { limit, after })}`, signal);
}

/** A view's topic list, a page at a time (keyset on the last topic shown). */
export function useTopics(view: TopicListView) {
  return useInfiniteQuery({
    queryKey: [...topicListQueryKey, view],
    queryFn: ({ pageParam, signal }) => getTopics(view, { after: pageParam, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => (lastPage.length < TOPICS_PAGE_SIZE ? undefined : lastPage.at(-1)?.id),
  });
}
