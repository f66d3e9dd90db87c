import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import type { ProfileComment } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { usersQueryKeyRoot } from "@/lib/query-keys";

/** Comments per request (the server gives up to 100); older ones load on request. */
export const COMMENTS_PAGE_SIZE = 20;

export const profileCommentsQueryKey = (profileUserId: number) => [usersQueryKeyRoot, profileUserId, "comments"] as const;

/**
 * One fetched page, newest first. `nextBefore` is where the next (older) page starts, kept as
 * fetched, so adding or deleting comments changes neither where it starts nor whether there is one.
 */
export interface CommentsPage {
  comments: ProfileComment[];
  nextBefore: number | undefined;
}

export type CommentPages = InfiniteData<CommentsPage, number | undefined>;

/** GET /api/users/{id}/comments: newest first, `limit` of them, older than the comment `before`. */
export async function getProfileComments(
  profileUserId: number,
  { before, limit = COMMENTS_PAGE_SIZE, signal }: { before?: number; limit?: number; signal?: AbortSignal } = {},
): Promise<CommentsPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) params.set("before", String(before));
  const comments = await apiGet<ProfileComment[]>(`/api/users/${profileUserId}/comments?${params}`, signal);
  return { comments, nextBefore: comments.length >= limit ? comments.at(-1)?.id : undefined };
}

/** Every loaded comment, newest first. */
export function allComments(data: { pages: CommentsPage[] } | undefined): ProfileComment[] {
  return data?.pages.flatMap((page) => page.comments) ?? [];
}

/** A profile's comments, newest first; older ones load on request ('Show older comments'). */
export function useProfileComments(profileUserId: number) {
  return useInfiniteQuery({
    queryKey: profileCommentsQueryKey(profileUserId),
    queryFn: ({ pageParam, signal }) => getProfileComments(profileUserId, { before: pageParam, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextBefore,
  });
}
