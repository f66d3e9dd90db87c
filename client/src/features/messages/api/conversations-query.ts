// The conversations' query keys and the list's query, on their own: the navigation's unread count
// and /ws (live.ts) use them without loading the messages screens' code.
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ConversationsPage } from "@shared/types";
import { apiGet } from "@/lib/api-client";

export const conversationsQueryKey = ["/api/conversations"] as const;
export const conversationQueryKey = (id: number) => [...conversationsQueryKey, id] as const;
export const messagesQueryKey = (conversationId: number) => [...conversationQueryKey(conversationId), "messages"] as const;

/** GET /api/conversations?cursor=: most recent activity first, 20 a page; the first page carries `unreadCount`. */
export const conversationsQueryOptions = infiniteQueryOptions({
  queryKey: conversationsQueryKey,
  queryFn: ({ pageParam, signal }) => apiGet<ConversationsPage>(`/api/conversations${pageParam ? `?cursor=${pageParam}` : ""}`, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
});

/** How many conversations hold messages the member has not read (0 until known). */
export function useUnreadConversations({ enabled }: { enabled: boolean }): number {
  return useInfiniteQuery({ ...conversationsQueryOptions, enabled }).data?.pages[0]?.unreadCount ?? 0;
}
