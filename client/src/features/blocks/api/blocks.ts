import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BlocksList } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { forumQueryKeyRoot } from "@/lib/query-keys";

export const blocksQueryKey = ["/api/blocks"] as const;

/** GET /api/blocks: the members the viewer blocked. */
export function useBlocks() {
  return useQuery<BlocksList>({ queryKey: blocksQueryKey });
}

/**
 * PUT or DELETE /api/blocks/{username} (204). The list is read again, and so are the forum's posts,
 * which the server marks `authorBlocked` for the viewer.
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, blocked }: { username: string; blocked: boolean }) =>
      apiRequest(blocked ? "PUT" : "DELETE", `/api/blocks/${encodeURIComponent(username)}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: blocksQueryKey });
      void queryClient.invalidateQueries({ queryKey: [forumQueryKeyRoot] });
    },
  });
}
