import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReviewAction, ReviewStatus } from "@shared/flags";
import type { ReviewPage } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";
import { reviewQueryKey } from "./review-count";

/** GET /api/review: pending items oldest first, resolved ones most recently resolved first, page by page. */
export function useReviewItems(status: ReviewStatus) {
  return useInfiniteQuery({
    queryKey: [...reviewQueryKey, "items", status],
    queryFn: ({ pageParam, signal }) => apiGet<ReviewPage>(`/api/review?status=${status}${pageParam ? `&cursor=${pageParam}` : ""}`, signal),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
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
