import { Activity, FilePlus2, MessageCircle, MessageSquare, type LucideIcon } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ActivityFilter } from "@shared/constants";
import { ACTIVITY_PREVIEW_LENGTH } from "@/lib/ui-constants";
import type { ActivityItem, ActivityType } from "@shared/types";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { RelativeTime } from "@/components/relative-time";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { TextLink } from "@/components/ui/text-link";
import { cn } from "@/lib/cn";
import { truncate } from "@/lib/truncate";
import { useUserActivity } from "../api/get-user-activity";

/** Beyond this many items the list scrolls (at most 300 px tall). */
const SCROLL_AFTER_ITEMS = 3;

const ICONS: Record<ActivityType, LucideIcon> = { post: MessageSquare, topic: FilePlus2, profile_comment: MessageCircle };

const itemKey = (item: ActivityItem) => `${item.type}:${item.id}`;

/** The filter's choices, in the order shown. */
const FILTERS: { value: ActivityFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "topics", label: "Topics" },
  { value: "posts", label: "Posts" },
  { value: "comments", label: "Comments" },
];

/** What the member did, in words, with a link where there is somewhere to go. */
function describe(item: ActivityItem): ReactNode {
  switch (item.type) {
    case "topic":
      return (
        <>
          Created topic <TextLink href={`/topic/${item.id}`}>{item.title ?? "Untitled"}</TextLink>
        </>
      );
    case "post":
      return (
        <>
          Replied in <span className="font-medium text-foreground">{item.topicTitle ?? "a topic"}</span>
        </>
      );
    case "profile_comment":
      return item.targetUser ? (
        <>
          Commented on <TextLink href={`/user/${encodeURIComponent(item.targetUser)}`}>{item.targetUser}</TextLink>&apos;s profile
        </>
      ) : (
        "Commented on a profile"
      );
  }
}

/**
 * Keys of the items that arrived after the list was first shown (the 30 s polls), so they can be
 * animated in; the first answer shows without animation, and neither do older pages loaded on request.
 */
function useNewItemKeys(items: ActivityItem[] | undefined): Set<string> {
  const seen = useRef<Set<string> | null>(null);
  const fresh = useRef<Set<string>>(new Set());
  const keys = items?.map(itemKey) ?? [];

  if (items) {
    if (seen.current === null) {
      seen.current = new Set(keys);
    } else {
      // New items come at the top, above the first one already shown; older pages (and another
      // filter's first page, which shows none already seen) come without animation.
      const firstSeen = keys.findIndex((key) => seen.current!.has(key));
      const arrived = firstSeen === -1 ? [] : keys.slice(0, firstSeen).filter((key) => !seen.current!.has(key));
      if (arrived.length > 0) fresh.current = new Set(arrived);
      for (const key of keys) seen.current.add(key);
    }
  }

  // After the animation has had its time the items are ordinary again (a re-render does not replay it).
  useEffect(() => {
    if (fresh.current.size === 0) return;
    const timer = setTimeout(() => {
      fresh.current = new Set();
    }, 600);
    return () => clearTimeout(timer);
  });

  return fresh.current;
}

/**
 * Activity: the member's posts, topics and comments of all time, newest first, 20 at a time with
 * "Load more", filtered by kind; the loaded pages are re-read every 30 s and new items animate in.
 */
export function RecentActivity({ username }: { username: string }) {
  const [type, setType] = useState<ActivityFilter>("all");
  const activity = useUserActivity(username, type);
  const loaded = activity.data?.pages.flatMap((page) => page.items);
  const fresh = useNewItemKeys(loaded);
  const items = loaded ?? [];

  let body;
  if (activity.isPending) {
    body = <Spinner className="py-10" />;
  } else if (activity.isError && !activity.data) {
    body = (
      <ErrorState
        title="Failed to load activity"
        error={activity.error}
        onRetry={() => void activity.refetch()}
        retrying={activity.isRefetching}
        className="py-8"
      />
    );
  } else if (items.length === 0) {
    body = <EmptyState icon={Activity} title="No activity" description={type === "all" ? "Nothing written yet" : `No ${FILTERS.find((each) => each.value === type)!.label.toLowerCase()} yet`} className="py-10" />;
  } else {
    body = (
      <>
        <ol
          aria-label="Activity"
          tabIndex={items.length > SCROLL_AFTER_ITEMS ? 0 : undefined}
          className={cn(
            "divide-y divide-border border-t border-border",
            items.length > SCROLL_AFTER_ITEMS && "max-h-[300px] overflow-y-auto overscroll-contain focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary",
          )}
        >
          {items.map((item) => {
            const Icon = ICONS[item.type];
            return (
              <li key={itemKey(item)} className={cn("flex gap-3 px-5 py-3 sm:px-6", fresh.has(itemKey(item)) && "motion-safe:animate-activity-in")}>
                <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
                  <Icon className="size-3.5" aria-hidden />
                </span>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="line-clamp-2 text-muted [overflow-wrap:anywhere]" title={item.title ?? item.topicTitle ?? undefined}>
                    {describe(item)}
                  </p>
                  {item.content && <p className="mt-0.5 [overflow-wrap:anywhere] text-foreground">{truncate(item.content, ACTIVITY_PREVIEW_LENGTH)}</p>}
                  <RelativeTime timestamp={item.createdAt} className="mt-0.5 block text-xs text-muted" />
                </div>
              </li>
            );
          })}
        </ol>
        {activity.hasNextPage && (
          <div className="flex justify-center border-t border-border p-3">
            <Button variant="outline" size="sm" onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
              {activity.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <Card>
      <CardHeader className="gap-3 pb-4">
        <div>
          <CardTitle>Activity</CardTitle>
          <CardDescription>Posts, topics and comments, newest first</CardDescription>
        </div>
        <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
          {FILTERS.map((filter) => (
            <Button key={filter.value} variant={type === filter.value ? "secondary" : "ghost"} size="sm" aria-pressed={type === filter.value} onClick={() => setType(filter.value)}>
              {filter.label}
            </Button>
          ))}
        </div>
      </CardHeader>
      {body}
    </Card>
  );
}
