import { Bookmark as BookmarkIcon } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageContainer } from "@/components/layouts/page-container";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useBookmarks } from "@/features/forum/api/bookmarks";
import { BookmarkList } from "@/features/forum/components/bookmark-list";
import { usePageTitle } from "@/hooks/use-page-title";

/** /bookmarks: the member's bookmarked posts, newest first, 20 at a time ("Load more"), each with its reminder. */
export function BookmarksScreen() {
  usePageTitle("Bookmarks");
  const bookmarks = useBookmarks();
  const items = bookmarks.data?.pages.flatMap((page) => page.bookmarks) ?? [];
  let body;
  if (bookmarks.isPending) body = <Spinner className="py-12" />;
  else if (bookmarks.isError && items.length === 0)
    body = <ErrorState title="Failed to load bookmarks" error={bookmarks.error} onRetry={() => void bookmarks.refetch()} retrying={bookmarks.isFetching} />;
  else if (items.length === 0) body = <EmptyState icon={BookmarkIcon} title="No bookmarks yet" description="Bookmark a post from its menu to find it here." />;
  else body = <BookmarkList bookmarks={items} />;
  return (
    <PageContainer className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Bookmarks</h1>
        <p className="mt-1 text-sm text-muted">Posts you kept, newest first, with their reminders.</p>
      </div>
      <Card className="overflow-hidden">{body}</Card>
      {bookmarks.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void bookmarks.fetchNextPage()} disabled={bookmarks.isFetchingNextPage}>
          {bookmarks.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      )}
    </PageContainer>
  );
}
