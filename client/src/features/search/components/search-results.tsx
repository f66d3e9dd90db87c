import { DELETED_MEMBER_NAME } from "@shared/member-deletion";
import { SearchX } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import type { SearchType } from "@shared/constants";
import { EmptyState } from "@/components/empty-state";
import { RelativeTime } from "@/components/relative-time";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { UserAvatar } from "@/components/user-avatar";
import { useLoadMoreOnScroll } from "@/hooks/use-load-more-on-scroll";
import { countLabel } from "@/lib/count-label";
import { toast } from "@/lib/toast";
import { topicHref } from "@shared/topic-href";
import { useSearch, type SearchResultOf } from "../api/search";
import { HighlightedText } from "./highlighted-text";

const rowClass = "block px-4 py-3 transition-colors hover:bg-surface-raised/60 focus-visible:bg-surface-raised/60 sm:px-5";

/** One tab's results; more load as the reader scrolls. An error shows as a toast. */
export function SearchResults<T extends SearchType>({ type, q }: { type: T; q: string }) {
  const results = useSearch(type, q);
  const loadMoreRef = useLoadMoreOnScroll(results);

  useEffect(() => {
    if (results.isError) toast({ title: "Search failed", description: "Please try again.", variant: "destructive" });
  }, [results.isError]);

  if (results.isPending) return <Spinner className="py-12" />;
  // The toast says it failed; an empty state would say nothing matches.
  if (results.isError && !results.data) return null;
  const items = results.data?.pages.flatMap((page) => page.results) ?? [];
  if (items.length === 0) {
    return (
      <Card>
        <EmptyState icon={SearchX} title="No results" description={`Nothing matches “${q}”.`} />
      </Card>
    );
  }
  return (
    <>
      <Card className="divide-y divide-border overflow-hidden" aria-label="Search results" role="list">
        {items.map((item) => (
          <div role="listitem" key={key(type, item)}>
            {renderResult(type, item)}
          </div>
        ))}
      </Card>
      <div ref={loadMoreRef} aria-hidden className="h-px" />
      {results.isFetchingNextPage && <Spinner className="py-6" />}
    </>
  );
}

function key(type: SearchType, item: SearchResultOf[SearchType]) {
  if (type === "posts") return (item as SearchResultOf["posts"]).postId;
  if (type === "topics") return (item as SearchResultOf["topics"]).topicId;
  return (item as SearchResultOf["members"]).id;
}

function renderResult(type: SearchType, item: SearchResultOf[SearchType]) {
  if (type === "posts") {
    const post = item as SearchResultOf["posts"];
    return (
      <Link href={topicHref(post.topicId, post.postId)} className={rowClass}>
        <div className="flex items-center gap-2 text-xs text-muted">
          <UserAvatar username={post.authorUsername} src={post.authorAvatar} size="xs" />
          <span className="font-medium text-foreground">{post.authorUsername ?? DELETED_MEMBER_NAME}</span>
          <span aria-hidden>·</span>
          <RelativeTime timestamp={post.createdAt} />
        </div>
        <p className="mt-1 truncate text-sm font-semibold" title={post.topicTitle}>
          {post.topicTitle}
        </p>
        <p className="mt-1 line-clamp-3 text-sm text-muted [overflow-wrap:anywhere]">
          <HighlightedText text={post.snippet} highlights={post.highlights} />
        </p>
      </Link>
    );
  }
  if (type === "topics") {
    const topic = item as SearchResultOf["topics"];
    return (
      <Link href={topicHref(topic.topicId)} className={rowClass}>
        <p className="line-clamp-2 text-sm font-semibold [overflow-wrap:anywhere]" title={topic.title}>
          <HighlightedText text={topic.title} highlights={topic.highlights} />
        </p>
        {topic.description && <p className="mt-1 line-clamp-2 text-sm text-muted">{topic.description}</p>}
        <p className="mt-1 text-xs text-muted">
          by {topic.authorUsername ?? DELETED_MEMBER_NAME} · {countLabel(topic.postsCount, "post")}
        </p>
      </Link>
    );
  }
  const member = item as SearchResultOf["members"];
  return (
    <Link href={`/user/${encodeURIComponent(member.username)}`} className={`${rowClass} flex items-center gap-3`}>
      <UserAvatar username={member.username} src={member.avatar} size="sm" />
      <span className="min-w-0 truncate text-sm font-semibold">{member.username}</span>
      {member.isAdmin && <span className="rounded bg-primary/15 px-1.5 py-0.5 text-[11px] font-medium text-primary">Admin</span>}
      <span className="ml-auto text-xs text-muted">{countLabel(member.postsCount, "post")}</span>
    </Link>
  );
}
