import { useQuery } from "@tanstack/react-query";
import type { PostRevisions } from "@shared/types";

/** GET /api/posts/{id}/revisions (newest first), fetched each time the history opens: an edit may have added one. */
export function usePostRevisions(postId: number) {
  return useQuery<PostRevisions>({ queryKey: ["/api/posts", postId, "revisions"], staleTime: 0 });
}
