import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { ReviewCount, ReviewCountMessage } from "@shared/types";
import { apiGet } from "@/lib/api-client";

// Apart from the queue's own hooks (review-queries.ts): the navigation loads this with every screen.
export const reviewQueryKey = ["review"] as const;
export const reviewCountQueryKey = [...reviewQueryKey, "count"] as const;

/** The pending count staff see in the navigation; /ws keeps it live (presence-connection.tsx). */
export function useReviewCount({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: reviewCountQueryKey,
    queryFn: ({ signal }) => apiGet<ReviewCount>("/api/review/count", signal),
    enabled,
    select: (data) => data.pendingCount,
  });
}

/** /ws `review_count`: the navigation's count is the server's new one, and an open queue reads its items again. */
export function applyReviewCount(queryClient: QueryClient, message: ReviewCountMessage) {
  queryClient.setQueryData<ReviewCount>(reviewCountQueryKey, { pendingCount: message.pendingCount });
  void queryClient.invalidateQueries({ queryKey: [...reviewQueryKey, "items"] });
}
