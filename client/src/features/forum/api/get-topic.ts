import { useQuery } from "@tanstack/react-query";
import type { TopicDetail } from "@shared/types";
import { topicQueryKey } from "@/lib/query-keys";

export { topicQueryKey };

/** GET /api/topics/{id} (404 'Topic not found'), through the default query function. */
export function useTopic(topicId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<TopicDetail>({ queryKey: topicQueryKey(topicId), enabled });
}
