import { useCallback, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { liveTopics } from "@/lib/live-topics";
import { topicListQueryKey } from "./get-topics";

/**
 * The topic list over /ws (docs/product.md "Live topics"): topics started or replied to since the
 * list was loaded are counted, not moved under the reader; `show` loads the list again. After the
 * socket reopens, the list is loaded again.
 */
export function useLiveTopicList() {
  const queryClient = useQueryClient();
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());

  const show = useCallback(() => {
    setChanged(new Set());
    void queryClient.invalidateQueries({ queryKey: topicListQueryKey });
  }, [queryClient]);

  useEffect(() => {
    const unfollow = liveTopics.follow("list");
    const stopListening = liveTopics.listen((message) => {
      if (message.type !== "topic_event" || (message.event !== "topic_created" && message.event !== "topic_bumped")) return;
      setChanged((ids) => (ids.has(message.topicId) ? ids : new Set([...ids, message.topicId])));
    });
    const stopReopen = liveTopics.onReopen(show);
    return () => {
      unfollow();
      stopListening();
      stopReopen();
    };
  }, [show]);

  return { newTopics: changed.size, show };
}
