import { BellOff, Eye, Lock, Pin } from "lucide-react";
import type { Topic, TopicListItem } from "@shared/types";
import { cn } from "@/lib/cn";

/**
 * A pin icon for a pinned topic, a lock icon for a locked one, and in the list an eye for one the
 * reader watches or a struck bell for one they muted, each named for screen readers.
 */
export function TopicStatusIcons({
  topic,
  className,
}: {
  topic: Pick<Topic, "isPinned" | "isLocked"> & Partial<Pick<TopicListItem, "notificationLevel">>;
  className?: string;
}) {
  const watching = topic.notificationLevel === "watching";
  const muted = topic.notificationLevel === "muted";
  if (!topic.isPinned && !topic.isLocked && !watching && !muted) return null;
  return (
    <span className={cn("inline-flex shrink-0 items-center gap-1.5", className)}>
      {topic.isPinned && (
        <span role="img" aria-label="Pinned" title="Pinned" className="text-primary-hover">
          <Pin className="size-4 rotate-45" aria-hidden />
        </span>
      )}
      {topic.isLocked && (
        <span role="img" aria-label="Locked" title="Locked" className="text-muted">
          <Lock className="size-4" aria-hidden />
        </span>
      )}
      {watching && (
        <span role="img" aria-label="Watching" title="Watching" className="text-primary-hover">
          <Eye className="size-4" aria-hidden />
        </span>
      )}
      {muted && (
        <span role="img" aria-label="Muted" title="Muted" className="text-muted">
          <BellOff className="size-4" aria-hidden />
        </span>
      )}
    </span>
  );
}
