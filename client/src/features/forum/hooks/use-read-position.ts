import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { apiRequest } from "@/lib/api-client";
import { topicQueryKey } from "../api/get-topic";
import { topicListQueryKey } from "../api/get-topics";

/** How often the furthest post seen is sent (PUT /api/topics/{id}/read), at most. */
const SEND_EVERY_MS = 2_000;

/**
 * The member's read position in a topic: returns a ref callback for each post element; as posts
 * come into view the furthest one is remembered and sent in batches, never backwards (the server
 * keeps the greater one as well), and once more when the page is left.
 */
export function useReadPosition(topicId: number, startAt: number | null) {
  const queryClient = useQueryClient();
  // A topic never opened is marked opened at once (position 0), even without posts.
  const seen = useRef(startAt ?? 0);
  const sent = useRef(startAt ?? -1);
  const observer = useRef<IntersectionObserver | null>(null);

  useEffect(() => {
    const send = () => {
      if (seen.current <= sent.current) return;
      // Deleting the topic drops its cached reads: there is nothing left to have read.
      if (!queryClient.getQueryState(topicQueryKey(topicId))) return;
      const postId = seen.current;
      sent.current = postId;
      void apiRequest("PUT", `/api/topics/${topicId}/read`, { postId })
        .then(() => queryClient.invalidateQueries({ queryKey: topicListQueryKey }))
        .catch(() => {
          sent.current = Math.min(sent.current, postId - 1);
        });
    };
    observer.current = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = Number((entry.target as HTMLElement).dataset.postId);
        if (entry.isIntersecting && id > seen.current) seen.current = id;
      }
    });
    const timer = setInterval(send, SEND_EVERY_MS);
    send();
    return () => {
      clearInterval(timer);
      observer.current?.disconnect();
      observer.current = null;
      send();
    };
  }, [topicId, queryClient]);

  return useCallback((element: HTMLElement | null) => {
    if (element) observer.current?.observe(element);
  }, []);
}
