import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { Bookmark, BookmarkSet, BookmarksPage } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { BOOKMARK_REMOVED, FAILED_TO_BOOKMARK } from "../messages";
import { failureToast } from "../utils/failure-toast";
import type { PostPages } from "../utils/posts-cache";
import { topicPostsQueryKey } from "./get-topic-posts";

export const bookmarksQueryKey = ["/api/bookmarks"] as const;

/** GET /api/bookmarks: the member's bookmarks, newest first, 20 a page; more on request. */
export function useBookmarks() {
  return useInfiniteQuery({
    queryKey: bookmarksQueryKey,
    queryFn: ({ pageParam, signal }) => apiGet<BookmarksPage>(`/api/bookmarks${pageParam ? `?cursor=${pageParam}` : ""}`, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** Which post a bookmark call names: its topic's cached posts change with it. */
export interface BookmarkedPost {
  id: number;
  topicId: number;
}

/** The post's `bookmarked` in its topic's cached pages. */
function markPost(queryClient: QueryClient, post: BookmarkedPost, bookmarked: boolean) {
  queryClient.setQueryData<PostPages>(topicPostsQueryKey(post.topicId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map((each) => (each.id === post.id ? { ...each, bookmarked } : each)) })) } : data,
  );
}

/** The cached list with one bookmark changed (its reminder) or gone. */
function updateList(queryClient: QueryClient, postId: number, change: (bookmark: Bookmark) => Bookmark | null) {
  queryClient.setQueryData<InfiniteData<BookmarksPage, string | undefined>>(bookmarksQueryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            bookmarks: page.bookmarks.flatMap((bookmark) => {
              if (bookmark.post.id !== postId) return [bookmark];
              const changed = change(bookmark);
              return changed ? [changed] : [];
            }),
          })),
        }
      : data,
  );
}

/**
 * PUT /api/bookmarks/posts/{postId}: bookmarks the post, reminded at `remindAt` (an ISO time) or not
 * (null: a reminder it had is cleared). The post shows bookmarked and the list refreshes.
 */
export function useSetBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, remindAt }: { post: BookmarkedPost; remindAt: string | null }) =>
      ((await (await apiRequest("PUT", `/api/bookmarks/posts/${post.id}`, { remindAt })).json()) as BookmarkSet).bookmark,
    onSuccess: (bookmark, { post }) => {
      markPost(queryClient, post, true);
      updateList(queryClient, post.id, () => bookmark);
      void queryClient.invalidateQueries({ queryKey: bookmarksQueryKey });
    },
    onError: (error) => failureToast(FAILED_TO_BOOKMARK, error),
  });
}

/** DELETE /api/bookmarks/posts/{postId}: the bookmark and its reminder go. */
export function useRemoveBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (post: BookmarkedPost) => {
      await apiRequest("DELETE", `/api/bookmarks/posts/${post.id}`);
    },
    onSuccess: (_answer, post) => {
      markPost(queryClient, post, false);
      updateList(queryClient, post.id, () => null);
      void queryClient.invalidateQueries({ queryKey: bookmarksQueryKey });
      toast({ title: BOOKMARK_REMOVED });
    },
    onError: (error) => failureToast(FAILED_TO_BOOKMARK, error),
  });
}
