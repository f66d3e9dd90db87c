import { Inbox } from "lucide-react";
import { useState } from "react";
import { REVIEW_STATUSES, type ReviewStatus } from "@shared/flags";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageContainer } from "@/components/layouts/page-container";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useReviewItems } from "@/features/flags/api/review-queries";
import { ReviewItemCard } from "@/features/flags/components/review-item-card";
import { usePageTitle } from "@/hooks/use-page-title";
import { cn } from "@/lib/cn";

const STATUS_LABELS: Record<ReviewStatus, string> = { pending: "Pending", resolved: "Resolved" };

/** /review (staff only; the route guard sends other members to the dashboard): flagged posts, comments, messages and cards. */
export function ReviewScreen() {
  usePageTitle("Review");
  const [status, setStatus] = useState<ReviewStatus>("pending");
  const items = useReviewItems(status);
  const pendingCount = items.data?.pages[0]?.pendingCount;

  return (
    <PageContainer className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Review</h1>
        <p className="mt-1 text-sm text-muted">
          What members flagged, oldest first. Hide or delete (asked first) confirms the flags and tells the author; keep shows it again. The flaggers hear the outcome either way.
        </p>
      </div>
      <div role="group" aria-label="Show" className="grid w-fit grid-cols-2 gap-1 rounded-control border border-border bg-background p-1">
        {REVIEW_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className={cn(
              "cursor-pointer rounded-md px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary",
              status === value ? "bg-surface-raised text-foreground shadow-sm" : "text-muted hover:text-foreground",
            )}
          >
            {STATUS_LABELS[value]}
            {value === "pending" && pendingCount !== undefined && ` (${pendingCount})`}
          </button>
        ))}
      </div>
      {items.isPending ? (
        <Spinner className="py-12" />
      ) : items.isError ? (
        <ErrorState title="Failed to load the review queue" error={items.error} onRetry={() => void items.refetch()} retrying={items.isFetching} />
      ) : items.data.pages[0]!.items.length === 0 ? (
        <EmptyState icon={Inbox} title={status === "pending" ? "Nothing to review" : "Nothing resolved yet"} description="Flagged posts, comments, messages and cards appear here." />
      ) : (
        <div className="flex flex-col gap-4">
          {items.data.pages.flatMap((page) => page.items).map((item) => (
            <ReviewItemCard key={item.id} item={item} />
          ))}
          {items.hasNextPage && (
            <Button variant="outline" className="self-center" disabled={items.isFetchingNextPage} onClick={() => void items.fetchNextPage()}>
              {items.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          )}
        </div>
      )}
    </PageContainer>
  );
}
