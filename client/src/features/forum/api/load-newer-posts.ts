import { useMutation, useMutationState, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Post } from "@shared/types";
import { allPosts, appendPosts, followsLoadedPosts, lastLoadedPostId, reachedEnd, type PostPages } from "../utils/posts-cache";
import { getTopicPosts, topicPostsQueryKey } from "./get-topic-posts";
import { forumQueryKeyRoot } from "./get-topics";

const loadNewerPostsKey = (topicId: number) => [forumQueryKeyRoot, topicId, "newer-posts"] as const;

/**
 * Brings the loaded posts up to date after a reply: when the reader had reached the end, the posts
 * after the newest loaded one (the reply and whatever others wrote meanwhile) are fetched and
 * appended (and returned). Otherwise they arrive with the following pages as the reader scrolls.
 * `written`, the reader's own reply as answered, is appended as it is when it comes right after the
 * loaded posts (its number says so): nothing needs asking for.
 */
async function appendNewerPosts(queryClient: QueryClient, topicId: number, written?: Post): Promise<Post[]> {
  const queryKey = topicPostsQueryKey(topicId);
  await queryClient.cancelQueries({ queryKey, exact: true });
  const data = queryClient.getQueryData<PostPages>(queryKey);
  if (!data || !reachedEnd(data)) return [];
  if (allPosts(data).some((post) => post.id === written?.id)) return [];

  const newer = written && followsLoadedPosts(data, written) ? { posts: [written], nextAfter: undefined } : await getTopicPosts(topicId, { after: lastLoadedPostId(data) });
  const known = new Set(allPosts(queryClient.getQueryData<PostPages>(queryKey)).map((post) => post.id));
  queryClient.setQueryData<PostPages>(queryKey, (current) => (current ? appendPosts(current, newer) : current));
  return newer.posts.filter((post) => !known.has(post.id));
}

/**
 * Loads a topic's newer posts into what is shown, resolving with those it added. Its state is shared by key: the reply box starts
 * it, and the post list says when it failed and retries it — the posts already shown stay
 * (refetching every page instead could drop pages loaded with "Show earlier posts").
 */
export function useLoadNewerPosts(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: loadNewerPostsKey(topicId), mutationFn: (written?: Post) => appendNewerPosts(queryClient, topicId, written) });
}

/** The failure of the latest load of the topic's newer posts, or null when it did not fail. */
export function useLoadNewerPostsError(topicId: number): Error | null {
  const states = useMutationState({ filters: { mutationKey: loadNewerPostsKey(topicId) }, select: (mutation) => mutation.state });
  const latest = states.at(-1);
  return latest?.status === "error" ? latest.error : null;
}
