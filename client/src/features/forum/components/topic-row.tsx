import { Clock, MessageSquare } from "lucide-react";
import { Link } from "wouter";
import type { Topic, TopicListItem } from "@shared/types";
import { RelativeTime } from "@/components/relative-time";
import { UserLink } from "@/components/user-link";
import { badgeCount, countLabel } from "@/lib/count-label";
import { cn } from "@/lib/cn";
import { TopicStatusIcons } from "./topic-status-icons";
import { TopicTaxonomy } from "./topic-taxonomy";

/** When the topic last had a reply, or 'No replies yet'. */
function LastActivity({ topic }: { topic: Pick<Topic, "lastPostAt"> }) {
  return topic.lastPostAt ? (
    <span>
      Last post <RelativeTime timestamp={topic.lastPostAt} />
    </span>
  ) : (
    <span>No replies yet</span>
  );
}

/** "New" for a topic the member never opened; otherwise the unread posts, "99+" past 99. */
function UnreadMark({ topic }: { topic: TopicListItem }) {
  const pill = "relative z-10 shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold leading-4";
  if (topic.isNew) return <span className={cn(pill, "bg-primary text-primary-foreground")}>New</span>;
  if (topic.unreadCount === 0) return null;
  const shown = badgeCount(topic.unreadCount);
  return (
    <span className={cn(pill, "bg-primary/20 text-primary-hover")} title={`${shown} unread`}>
      <span className="sr-only">Unread: </span>
      {shown}
    </span>
  );
}

/**
 * One topic of the forum list. The whole row opens the topic (the title link is stretched over it);
 * the author link sits above that layer, so clicking the author opens their profile instead.
 */
export function TopicRow({ topic }: { topic: TopicListItem }) {
  return (
    <li className={cn("relative px-4 py-4 transition-colors hover:bg-surface-raised/60 sm:px-5", topic.isPinned && "bg-primary/[0.04]")}>
      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-2">
            <TopicStatusIcons topic={topic} />
            <Link
              href={`/topic/${topic.id}`}
              title={topic.title}
              className="line-clamp-2 min-w-0 font-semibold [overflow-wrap:anywhere] text-foreground sm:line-clamp-1 after:absolute after:inset-0 after:rounded-none focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-primary"
            >
              {topic.title}
            </Link>
            <UnreadMark topic={topic} />
          </h2>
          {/* The opener as plain text, never its Markdown source (docs/product.md "The opener is a post"). */}
          {topic.descriptionText && <p className="mt-1 line-clamp-1 text-sm [overflow-wrap:anywhere] text-muted">{topic.descriptionText}</p>}
          <div className="mt-2.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted">
            <TopicTaxonomy topic={topic} className="relative z-10" />
            <UserLink username={topic.authorUsername} avatar={topic.authorAvatar} role={topic.authorRole} className="relative z-10 text-xs" />
            <RelativeTime timestamp={topic.createdAt} />
            {/* On phones the counts move into this line. */}
            <span className="inline-flex items-center gap-1 sm:hidden">
              <MessageSquare className="size-3.5" aria-hidden />
              {countLabel(topic.postsCount, "post")}
            </span>
            <span className="sm:hidden">
              <LastActivity topic={topic} />
            </span>
          </div>
        </div>
        <dl className="hidden shrink-0 flex-col items-end gap-1.5 text-right text-sm whitespace-nowrap sm:flex">
          <div className="flex items-center gap-1.5 font-medium">
            <dt className="sr-only">Posts</dt>
            <MessageSquare className="size-4 text-muted" aria-hidden />
            <dd>{countLabel(topic.postsCount, "post")}</dd>
          </div>
          <div className="flex items-center gap-1.5 text-xs text-muted">
            <dt className="sr-only">Last activity</dt>
            <Clock className="size-3.5" aria-hidden />
            <dd>
              <LastActivity topic={topic} />
            </dd>
          </div>
        </dl>
      </div>
    </li>
  );
}
