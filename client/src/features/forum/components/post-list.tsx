import { MessageSquareDashed } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useLoadMoreOnScroll } from "@/hooks/use-load-more-on-scroll";
import { useTopicPosts } from "../api/get-topic-posts";
import type { ForumViewer } from "../types";
import { allPosts } from "../utils/posts-cache";
import { PostItem } from "./post-item";

/** A topic's posts numbered from #1, oldest first; further pages load as the reader scrolls. */
export function PostList({ topicId, viewer }: { topicId: number; viewer: ForumViewer | null }) {
  const posts = useTopicPosts(topicId);
  const loadMoreRef = useLoadMoreOnScroll(posts);

  if (posts.isPending) return <Spinner className="py-12" />;
  if (posts.isError && !posts.data) {
    return (
      <Card>
        <ErrorState title="Failed to load posts" error={posts.error} onRetry={() => void posts.refetch()} retrying={posts.isRefetching} />
      </Card>
    );
  }

  const items = allPosts(posts.data);
  return (
    <section aria-label="Posts">
      {items.length === 0 ? (
        <Card>
          <EmptyState icon={MessageSquareDashed} title="No replies yet" description="Be the first to reply." className="py-10" />
        </Card>
      ) : (
        <Card className="divide-y divide-border">
          {items.map((post, index) => (
            <PostItem key={post.id} post={post} number={index + 1} viewer={viewer} />
          ))}
        </Card>
      )}
      <div ref={loadMoreRef} aria-hidden className="h-px" />
      {posts.isFetchingNextPage && <Spinner className="py-6" />}
      {posts.isFetchNextPageError && (
        <ErrorState title="Failed to load more posts" error={posts.error} onRetry={() => void posts.fetchNextPage()} className="py-6" />
      )}
    </section>
  );
}
