import { ArrowLeft } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useParams, useSearch } from "wouter";
import { ErrorState } from "@/components/error-state";
import { PageContainer } from "@/components/layouts/page-container";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { useTopic } from "@/features/forum/api/get-topic";
import { topicPostsQueryKey } from "@/features/forum/api/get-topic-posts";
import { loadPostContentForm } from "@/features/forum/components/lazy-post-content-form";
import { PostList } from "@/features/forum/components/post-list";
import { ReplyForm } from "@/features/forum/components/reply-form";
import { TopicHeader } from "@/features/forum/components/topic-header";
import { TopicLockedNotice } from "@/features/forum/components/topic-locked-notice";
import { TopicDeleted } from "@/features/forum/components/topic-deleted";
import { TopicNotFound } from "@/features/forum/components/topic-not-found";
import { TypingIndicator } from "@/features/forum/components/typing-indicator";
import { TopicLevelSwitch } from "@/features/notifications/components/topic-level-switch";
import { TOPIC_DELETED, TOPIC_NOT_FOUND } from "@/features/forum/messages";
import { useTopicDeleted } from "@/features/forum/utils/deleted-topics";
import { hasStatus } from "@/lib/api-error";
import { parsePathId } from "@/lib/path-id";
import { useLoadAfterPaint } from "@/hooks/use-load-after-paint";
import { usePageTitle } from "@/hooks/use-page-title";

// Staff only: their controls' code stays out of every member's first load.
const TopicAdminActions = lazy(() =>
  import("@/features/forum/components/topic-admin-actions").then((module) => ({ default: module.TopicAdminActions })),
);

export function TopicScreen() {
  const params = useParams<{ id: string }>();
  const topicId = parsePathId(params.id);
  const { data: user } = useCurrentUser();
  const topic = useTopic(topicId ?? 0, { enabled: topicId !== null });
  // While the topic loads, so the reply box is ready when the posts show.
  useLoadAfterPaint(loadPostContentForm);
  // A permalink's `post`; `around` is how links named a post before permalinks, still followed.
  const query = new URLSearchParams(useSearch());
  const target = parsePathId(query.get("post") ?? query.get("around") ?? undefined) ?? undefined;
  // Opened at a post, the topic's posts are loaded around it afresh, not from an earlier visit.
  const queryClient = useQueryClient();
  useState(() => queryClient.removeQueries({ queryKey: topicPostsQueryKey(topicId ?? 0), exact: true }));

  const deleted = useTopicDeleted(topicId);
  const notFound = topicId === null || hasStatus(topic.error, 404);
  usePageTitle(deleted ? TOPIC_DELETED : (topic.data?.title ?? (notFound ? TOPIC_NOT_FOUND : "Topic")));

  if (deleted) return <TopicDeleted />;
  if (notFound) return <TopicNotFound />;
  const current = topic.data;
  if (!current && topic.isPending) return <Spinner className="flex-1" />;
  if (!current) {
    return (
      <PageContainer>
        <Card>
          <ErrorState title="Failed to load topic" error={topic.error} onRetry={() => void topic.refetch()} retrying={topic.isRefetching} />
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer className="flex flex-col gap-5">
      <Link href="/forum" className="inline-flex w-fit items-center gap-1.5 text-sm text-muted transition-colors hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden />
        Forum
      </Link>
      <TopicHeader topic={current} viewer={user ? { id: user.id } : null} notifications={<TopicLevelSwitch topic={current} />} actions={
          current.canModerate && (
            <Suspense fallback={null}>
              <TopicAdminActions topic={current} />
            </Suspense>
          )
        } />
      <PostList
        topicId={current.id}
        viewer={user ? { id: user.id } : null}
        around={target ?? (current.lastReadPostId || undefined)}
        target={target}
        readUpTo={current.lastReadPostId}
      />
      <TypingIndicator topicId={current.id} />
      {current.canReply ? <ReplyForm topicId={current.id} /> : <TopicLockedNotice />}
    </PageContainer>
  );
}
