import { useQuery } from "@tanstack/react-query";
import type { TopicDetail } from "@shared/types";
import { forumQueryKeyRoot } from "./get-topics";

/** One topic; also the prefix of its posts' key, so invalidating it refreshes both. */
export const topicQueryKey = (topicId: number) => [forumQueryKeyRoot, topicId] as const;

/** GET /api/topics/{id} (404 'Topic not found'), through the default query function. */
export function useTopic(topicId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<TopicDetail>({ queryKey: topicQueryKey(topicId), enabled });
}
