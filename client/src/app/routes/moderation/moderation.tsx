import { Scale } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageContainer } from "@/components/layouts/page-container";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useModerationLog } from "@/features/moderation/api/moderation-log";
import { ModerationLogList } from "@/features/moderation/components/moderation-log-list";
import { usePageTitle } from "@/hooks/use-page-title";

/** /moderation: the public moderation log, newest first, a page at a time ("Show older"). */
export function ModerationScreen() {
  usePageTitle("Moderation log");
  const log = useModerationLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  let body;
  if (log.isPending) body = <Spinner className="py-12" />;
  else if (log.isError && entries.length === 0) body = <ErrorState title="Failed to load the moderation log" error={log.error} onRetry={() => void log.refetch()} retrying={log.isFetching} />;
  else if (entries.length === 0) body = <EmptyState icon={Scale} title="Nothing yet" description="Bans, silences, locked and deleted topics and role changes will appear here." />;
  else body = <ModerationLogList entries={entries} />;
  return (
    <PageContainer className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Moderation log</h1>
        <p className="mt-1 text-sm text-muted">What the moderators and admins did, and why, so everyone can see moderation is fair.</p>
      </div>
      <Card className="overflow-hidden">{body}</Card>
      {log.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? "Loading..." : "Show older"}
        </Button>
      )}
    </PageContainer>
  );
}
