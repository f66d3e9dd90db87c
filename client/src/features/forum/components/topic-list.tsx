import { MessagesSquare } from "lucide-react";
import { ErrorState } from "@/components/error-state";
import { EmptyState } from "@/components/empty-state";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useLoadMoreOnScroll } from "@/hooks/use-load-more-on-scroll";
import { useTopics } from "../api/get-topics";
import { useLiveTopicList } from "../api/live-topic-list";
import type { TopicListView } from "../utils/topic-list-params";
import { emptyListText } from "../utils/topic-list-text";
import { NewTopicsNotice } from "./new-topics-notice";
import { TopicRow } from "./topic-row";

/**
 * A view's topics (Latest: pinned first, then by latest activity); more load as the reader nears the
 * end. Empty, it says which list is empty (`categoryName` names the category's list). Topics started
 * or replied to meanwhile are counted above it ("2 new topics — show") rather than moving it.
 */
export function TopicList({ view, categoryName }: { view: TopicListView; categoryName?: string }) {
  const topics = useTopics(view);
  const loadMoreRef = useLoadMoreOnScroll(topics);
  const live = useLiveTopicList();

  if (topics.isPending) return <Spinner className="py-16" />;
  if (topics.isError && !topics.data) {
    return (
      <Card>
        <ErrorState title="Failed to load topics" error={topics.error} onRetry={() => void topics.refetch()} retrying={topics.isRefetching} />
      </Card>
    );
  }

  // A topic that moved in the order between two pages could come twice; it is shown once.
  const items = [...new Map(topics.data.pages.flat().map((topic) => [topic.id, topic])).values()];
  const notice = <NewTopicsNotice count={live.newTopics} onShow={live.show} />;
  if (items.length === 0) {
    return (
      <>
        {notice}
        <Card>
          <EmptyState icon={MessagesSquare} {...emptyListText(view, categoryName)} />
        </Card>
      </>
    );
  }

  return (
    <>
      {notice}
      <Card className="overflow-hidden">
        <ul className="divide-y divide-border" aria-label="Topics">
          {items.map((topic) => (
            <TopicRow key={topic.id} topic={topic} />
          ))}
        </ul>
      </Card>
      <div ref={loadMoreRef} aria-hidden className="h-px" />
      {topics.isFetchingNextPage && <Spinner className="py-6" />}
      {topics.isFetchNextPageError && (
        <ErrorState
          title="Failed to load more topics"
          error={topics.error}
          onRetry={() => void topics.fetchNextPage()}
          className="py-6"
        />
      )}
    </>
  );
}
