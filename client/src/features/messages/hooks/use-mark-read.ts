import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { apiRequest } from "@/lib/api-client";
import { conversationQueryKey, conversationsQueryKey } from "../api/conversations-query";

/** How often the newest message seen is sent, at most. */
const SEND_EVERY_MS = 1_000;

/**
 * Marks a conversation read as its messages are seen: returns a ref callback for each message
 * element (with `data-message-id`); the newest one that came into view is sent with PUT
 * /api/conversations/{id}/read (never backwards: the server keeps the greater one as well), then
 * the list and the navigation's count are read again.
 */
export function useMarkRead(conversationId: number) {
  const queryClient = useQueryClient();
  const seen = useRef(0);
  const sent = useRef(0);
  const observer = useRef<IntersectionObserver | null>(null);
  // Elements may mount before the observer exists (messages already cached): it takes them up when made.
  const elements = useRef(new Set<HTMLElement>());

  useEffect(() => {
    seen.current = 0;
    sent.current = 0;
    const send = () => {
      if (seen.current <= sent.current || document.visibilityState === "hidden") return;
      // Left (or removed from) the conversation: there is nothing to mark.
      if (!queryClient.getQueryState(conversationQueryKey(conversationId))) return;
      const messageId = seen.current;
      sent.current = messageId;
      void apiRequest("PUT", `/api/conversations/${conversationId}/read`, { messageId })
        .then(() => queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true }))
        .catch(() => {
          sent.current = Math.min(sent.current, messageId - 1);
        });
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sendSoon = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        send();
      }, SEND_EVERY_MS);
    };
    observer.current = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = Number((entry.target as HTMLElement).dataset.messageId);
        if (entry.isIntersecting && id > seen.current) seen.current = id;
      }
      if (seen.current > sent.current) sendSoon();
    });
    for (const element of elements.current) observer.current.observe(element);
    // A conversation read in a background tab is marked when the tab is shown.
    const visible = () => void (document.visibilityState === "visible" && send());
    document.addEventListener("visibilitychange", visible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", visible);
      observer.current?.disconnect();
      observer.current = null;
      send();
    };
  }, [conversationId, queryClient]);

  return useCallback((element: HTMLElement | null) => {
    if (!element) return;
    elements.current.add(element);
    observer.current?.observe(element);
    return () => {
      elements.current.delete(element);
      observer.current?.unobserve(element);
    };
  }, []);
}
