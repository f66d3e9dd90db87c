import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ReviewAction, ReviewStatus } from "@shared/flags";
import type { ReviewCount, ReviewCountMessage, ReviewPage } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";

export const reviewQueryKey = ["review"] as const;
export const reviewCountQueryKey = [...reviewQueryKey, "count"] as const;

/** GET /api/review: pending items oldest first, resolved ones most recently resolved first, page by page. */
export function useReviewItems(status: ReviewStatus) {
  return useInfiniteQuery({
    queryKey: [...reviewQueryKey, "items", status],
    queryFn: ({ pageParam, signal }) => apiGet<ReviewPage>(`/api/review?status=${status}${pageParam ? `&cursor=${pageParam}` : ""}`, signal),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** The pending count staff see in the navigation; /ws keeps it live (presence-connection.tsx). */
export function useReviewCount({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: reviewCountQueryKey,
    queryFn: ({ signal }) => apiGet<ReviewCount>("/api/review/count", signal),
    enabled,
    select: (data) => data.pendingCount,
  });
}

/** POST /api/review/{id}: the queue and the count are read again, and so is whatever showed the target. */
export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, note }: { id: number; action: ReviewAction; note?: string }) => {
      await apiRequest("POST", `/api/review/${id}`, { action, ...(note ? { note } : {}) });
    },
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/** /ws `review_count`: the navigation's count is the server's new one, and an open queue reads its items again. */
export function applyReviewCount(queryClient: QueryClient, message: ReviewCountMessage) {
  queryClient.setQueryData<ReviewCount>(reviewCountQueryKey, { pendingCount: message.pendingCount });
  void queryClient.invalidateQueries({ queryKey: [...reviewQueryKey, "items"] });
}
