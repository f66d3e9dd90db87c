import { useSyncExternalStore } from "react";
import type { QueryClient } from "@tanstack/react-query";
import type { TopicEventMessage } from "@shared/types/presence";
import { topicListQueryKey } from "../api/get-topics";

/**
 * Topics deleted while this tab was open, as told by /ws ("topic_deleted"): a topic page showing
 * one says so instead of failing at the next request. Kept for the life of the tab (ids are not reused).
 */
let deleted: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A topic_deleted event: the topic is marked and the topic list refreshed. */
export function applyTopicDeleted(queryClient: QueryClient, message: Pick<TopicEventMessage, "topicId">): void {
  if (!deleted.has(message.topicId)) {
    deleted = new Set([...deleted, message.topicId]);
    for (const listener of listeners) listener();
  }
  void queryClient.invalidateQueries({ queryKey: topicListQueryKey });
}

/** Whether the topic was deleted while this tab was open. */
export function useTopicDeleted(topicId: number | null): boolean {
  const snapshot = useSyncExternalStore(subscribe, () => deleted);
  return topicId !== null && snapshot.has(topicId);
}
