import { useQuery } from "@tanstack/react-query";
import type { PostRevisions } from "@shared/types";

/** Whose texts: a post's, or a topic opener's (docs/product.md "The opener is a post"). */
export interface RevisionsOf {
  kind: "post" | "topic";
  id: number;
}

/** GET /api/posts/{id}/revisions or /api/topics/{id}/revisions (newest first), fetched each time the history opens: an edit may have added one. */
export function usePostRevisions({ kind, id }: RevisionsOf) {
  return useQuery<PostRevisions>({ queryKey: [`/api/${kind}s`, id, "revisions"], staleTime: 0 });
}
