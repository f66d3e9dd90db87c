import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { NotificationMessage, NotificationsPage, NotificationsReadMessage, UnreadNotifications } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";

export const notificationsQueryKey = ["/api/notifications"] as const;

/** GET /api/notifications, newest first, a page of 20 at a time; the first page carries unreadCount. */
export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) =>
      apiGet<NotificationsPage>(`/api/notifications${pageParam ? `?cursor=${pageParam}` : ""}`, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
  });
}

/** POST /api/notifications/read: those ids, or all. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids?: number[]) =>
      (await (await apiRequest("POST", "/api/notifications/read", ids ? { ids } : {})).json()) as UnreadNotifications,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/**
 * A live notification from /ws, or word that some were marked read (by reading a topic): the list
 * and the count are read again (a notification may replace an older reply).
 */
export function applyNotificationMessage(queryClient: QueryClient, _message: NotificationMessage | NotificationsReadMessage): void {
  void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
}
