import { PageContainer } from "@/components/layouts/page-container";
import { NewTopicButton } from "@/features/forum/components/new-topic-button";
import { TopicList } from "@/features/forum/components/topic-list";
import { usePageTitle } from "@/hooks/use-page-title";

export function ForumScreen() {
  usePageTitle("Forum");
  return (
    <PageContainer>
      <div className="mb-6 flex items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Forum</h1>
          <p className="mt-1 text-sm text-muted">Topics from the community, pinned first, then by latest activity.</p>
        </div>
        <NewTopicButton />
      </div>
      <TopicList />
    </PageContainer>
  );
}
