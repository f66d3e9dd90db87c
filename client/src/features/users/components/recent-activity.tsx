import { Activity, FilePlus2, MessageCircle, MessageSquare, type LucideIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { ACTIVITY_PREVIEW_LENGTH } from "@/lib/ui-constants";
import type { ActivityItem, ActivityType } from "@shared/types";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { RelativeTime } from "@/components/relative-time";
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
 * animated in; the first answer shows without animation.
 */
function useNewItemKeys(items: ActivityItem[] | undefined): Set<string> {
  const seen = useRef<Set<string> | null>(null);
  const fresh = useRef<Set<string>>(new Set());
  const keys = items?.map(itemKey) ?? [];

  if (items) {
    if (seen.current === null) {
      seen.current = new Set(keys);
    } else {
      const arrived = keys.filter((key) => !seen.current!.has(key));
      if (arrived.length > 0) {
        fresh.current = new Set(arrived);
        for (const key of arrived) seen.current.add(key);
      }
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

/** Recent Activity: the member's posts, topics and comments of the last 7 days, newest first, re-read every 30 s. */
export function RecentActivity({ userId }: { userId: number }) {
  const activity = useUserActivity(userId);
  const fresh = useNewItemKeys(activity.data);
  const items = activity.data ?? [];

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
    body = <EmptyState icon={Activity} title="No activity" description="Last 7 days" className="py-10" />;
  } else {
    body = (
      <ol
        aria-label="Recent activity"
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
    );
  }

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>Posts, topics and comments of the last 7 days</CardDescription>
      </CardHeader>
      {body}
    </Card>
  );
}
