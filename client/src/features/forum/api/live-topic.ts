import { useCallback, useEffect, useState } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { TYPING_SHOWN_MS } from "@shared/constants";
import type { TopicEventMessage } from "@shared/types/presence";
import { liveTopics } from "@/lib/live-topics";
import { allPosts, removePost, replacePost, type PostPages } from "../utils/posts-cache";
import { topicQueryKey } from "./get-topic";
import { getTopicPosts, topicPostsQueryKey } from "./get-topic-posts";
import { whenRepliesSettled } from "./create-post";
import { useLoadNewerPosts } from "./load-newer-posts";

/** Loads one post again into the shown pages (the page of one post after its predecessor's id); gone for this reader, it is taken out. */
async function refreshPost(queryClient: QueryClient, topicId: number, postId: number): Promise<void> {
  const queryKey = topicPostsQueryKey(topicId);
  const shown = queryClient.getQueryData<PostPages>(queryKey);
  if (!shown?.pages.some((page) => page.posts.some((post) => post.id === postId))) return;
  // Ids are positive: the first post of all has no predecessor to ask after.
  const [fresh] = (await getTopicPosts(topicId, { after: postId > 1 ? postId - 1 : undefined, limit: 1 })).posts;
  queryClient.setQueryData<PostPages>(queryKey, (data) => {
    if (!data) return data;
    return fresh?.id === postId ? replacePost(data, fresh) : removePost(data, postId);
  });
}

export interface LiveTopicOptions {
  viewerId: number | null;
  /** Whether the reader is at the end of the posts now: a new reply then just shows there. */
  isAtEnd: () => boolean;
}

/**
 * Keeps an open topic up to date over /ws (docs/product.md "Live topics"): new replies are loaded
 * at the end once the reader has the last page (those the reader is not at the end to see are
 * returned as `newReplies`, for the "1 new reply" bar), edits, hiding and reactions are loaded in
 * place, deletions taken out, the topic's header read again. After the socket reopens, all of it is
 * read again.
 */
export function useLiveTopic(topicId: number, { viewerId, isAtEnd }: LiveTopicOptions) {
  const queryClient = useQueryClient();
  const [newReplies, setNewReplies] = useState<number[]>([]);
  // The reply box's load: one failure shows under the posts with a retry, whichever asked.
  const { mutateAsync: loadNewerPosts } = useLoadNewerPosts(topicId);

  useEffect(() => {
    const refreshTopic = () => void queryClient.invalidateQueries({ queryKey: topicQueryKey(topicId), exact: true });
    const onEvent = async ({ event, postId }: TopicEventMessage) => {
      if (event === "post_created") {
        refreshTopic();
        // The reader's own reply, appended from its answer.
        await whenRepliesSettled(queryClient, topicId);
        if (allPosts(queryClient.getQueryData<PostPages>(topicPostsQueryKey(topicId))).some((post) => post.id === postId)) return;
        const wasAtEnd = isAtEnd();
        const added = await loadNewerPosts();
        const unseen = added.filter((post) => post.authorId !== viewerId).map((post) => post.id);
        if (!wasAtEnd && unseen.length > 0) setNewReplies((ids) => [...ids, ...unseen]);
      } else if (event === "post_deleted" && postId !== undefined) {
        queryClient.setQueryData<PostPages>(topicPostsQueryKey(topicId), (data) => (data ? removePost(data, postId) : data));
        refreshTopic();
      } else if (postId !== undefined) {
        await refreshPost(queryClient, topicId, postId);
      } else if (event === "topic_edited") {
        refreshTopic();
      }
    };
    const unfollow = liveTopics.follow(topicId);
    const stopListening = liveTopics.listen((message) => {
      if (message.type !== "topic_event" || message.topicId !== topicId) return;
      // A failed load leaves the page as it was: the next event or reopen loads it again.
      onEvent(message).catch(() => {});
    });
    const stopReopen = liveTopics.onReopen(() => {
      refreshTopic();
      void queryClient.invalidateQueries({ queryKey: topicPostsQueryKey(topicId), exact: true });
    });
    return () => {
      unfollow();
      stopListening();
      stopReopen();
    };
  }, [topicId, viewerId, isAtEnd, queryClient, loadNewerPosts]);

  const clearNewReplies = useCallback(() => setNewReplies((ids) => (ids.length === 0 ? ids : [])), []);
  return { newReplies, clearNewReplies };
}

/** Who is typing in the topic (each shown for TYPING_SHOWN_MS after their last word of it), in the order they started. */
export function useTypists(topicId: number): string[] {
  const [typists, setTypists] = useState<string[]>([]);
  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const stop = liveTopics.listen((message) => {
      if (message.type !== "typing" || message.topicId !== topicId) return;
      const { username } = message;
      clearTimeout(timers.get(username));
      timers.set(username, setTimeout(() => {
        timers.delete(username);
        setTypists((names) => names.filter((name) => name !== username));
      }, TYPING_SHOWN_MS));
      setTypists((names) => (names.includes(username) ? names : [...names, username]));
    });
    return () => {
      stop();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [topicId]);
  return typists;
}
