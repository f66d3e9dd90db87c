import { MessageSquareDashed } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useInView } from "@/hooks/use-in-view";
import { useLoadMoreOnScroll } from "@/hooks/use-load-more-on-scroll";
import { useLiveTopic } from "../api/live-topic";
import { useTopicPosts } from "../api/get-topic-posts";
import { useLoadNewerPosts, useLoadNewerPostsError } from "../api/load-newer-posts";
import { useReadPosition } from "../hooks/use-read-position";
import type { ForumViewer } from "../types";
import { allPosts, firstPostNumber } from "../utils/posts-cache";
import { NewRepliesBar } from "./new-replies-bar";
import { PostItem } from "./post-item";

interface PostListProps {
  topicId: number;
  viewer: ForumViewer | null;
  /** Open the topic at this post (a search result, a notification, the first unread post). */
  around?: number;
  /** Scroll to and mark the post with this id, or else the first post after `readUpTo`. */
  target?: number;
  /** The member's read position (0 or null: nothing read yet). */
  readUpTo: number | null;
}

/**
 * A topic's posts, oldest first, numbered #1 onward (opened part-way, from the numbers the server
 * gives the posts around the target); further pages load as the reader scrolls, earlier ones on
 * demand. Posts scrolled into view advance the read position. A load that fails leaves the posts
 * shown and says so under them (or above, for earlier posts), with a retry. Live: what others
 * write, edit and react shows without a reload; replies that arrive below a reader further up are
 * announced by a "1 new reply" bar.
 */
export function PostList({ topicId, viewer, around, target, readUpTo }: PostListProps) {
  const posts = useTopicPosts(topicId, { around });
  const loadNewerPosts = useLoadNewerPosts(topicId);
  const newerPostsError = useLoadNewerPostsError(topicId);
  const loadMoreRef = useLoadMoreOnScroll(posts);
  const observePost = useReadPosition(topicId, readUpTo);
  const scrolledTo = useRef<number | null>(null);
  const end = useInView();
  const live = useLiveTopic(topicId, { viewerId: viewer?.id ?? null, isAtEnd: end.isInView });
  const { clearNewReplies } = live;
  // Reaching the end by scrolling sees the new replies.
  useEffect(() => {
    if (end.inView) clearNewReplies();
  }, [end.inView, clearNewReplies]);
  const items = allPosts(posts.data);
  // The first unread post as the topic opened (null until its posts load): replies that arrive
  // live, or reading further, do not move the page to them.
  const [firstUnread, setFirstUnread] = useState<number | undefined | null>(null);
  useEffect(() => {
    if (firstUnread !== null || !posts.data) return;
    setFirstUnread(readUpTo ? allPosts(posts.data).find((post) => post.id > readUpTo)?.id : undefined);
  }, [firstUnread, posts.data, readUpTo]);
  const focus = target ?? firstUnread ?? undefined;

  useEffect(() => {
    if (focus === undefined || scrolledTo.current === focus) return;
    const element = document.getElementById(`post-${focus}`);
    if (!element) return;
    scrolledTo.current = focus;
    element.scrollIntoView({ block: "start" });
  }, [focus, items.length]);

  if (posts.isPending) return <Spinner className="py-12" />;
  if (posts.isError && !posts.data) {
    return (
      <Card>
        <ErrorState title="Failed to load posts" error={posts.error} onRetry={() => void posts.refetch()} retrying={posts.isRefetching} />
      </Card>
    );
  }

  const firstNumber = firstPostNumber(items, !posts.hasPreviousPage);
  return (
    <section aria-label="Posts">
      {posts.isFetchPreviousPageError ? (
        <ErrorState
          title="Failed to load earlier posts"
          error={posts.error}
          onRetry={() => void posts.fetchPreviousPage()}
          retrying={posts.isFetchingPreviousPage}
          className="py-6"
        />
      ) : (
        posts.hasPreviousPage && (
          <div className="mb-3 flex justify-center">
            <Button variant="outline" size="sm" onClick={() => void posts.fetchPreviousPage()} disabled={posts.isFetchingPreviousPage}>
              {posts.isFetchingPreviousPage ? "Loading…" : "Show earlier posts"}
            </Button>
          </div>
        )
      )}
      {items.length === 0 ? (
        <Card>
          <EmptyState icon={MessageSquareDashed} title="No replies yet" description="Be the first to reply." className="py-10" />
        </Card>
      ) : (
        <Card className="divide-y divide-border">
          {items.map((post, index) => (
            <PostItem
              key={post.id}
              ref={observePost}
              post={post}
              number={firstNumber === undefined ? undefined : firstNumber + index}
              viewer={viewer}
              marked={post.id === focus && target !== undefined}
            />
          ))}
        </Card>
      )}
      <div ref={loadMoreRef} aria-hidden className="h-px" />
      <div ref={end.ref} aria-hidden className="h-px" />
      <NewRepliesBar postIds={live.newReplies} onShow={clearNewReplies} />
      {posts.isFetchingNextPage && <Spinner className="py-6" />}
      {posts.isFetchNextPageError && (
        <ErrorState title="Failed to load more posts" error={posts.error} onRetry={() => void posts.fetchNextPage()} className="py-6" />
      )}
      {newerPostsError && (
        <ErrorState
          title="Failed to load new posts"
          error={newerPostsError}
          onRetry={() => loadNewerPosts.mutate()}
          retrying={loadNewerPosts.isPending}
          className="py-6"
        />
      )}
    </section>
  );
}
