import { Lock, Pin } from "lucide-react";
import type { Topic } from "@shared/types";
import { cn } from "@/lib/cn";

/** A pin icon for a pinned topic and a lock icon for a locked one, each named for screen readers. */
export function TopicStatusIcons({ topic, className }: { topic: Pick<Topic, "isPinned" | "isLocked">; className?: string }) {
  if (!topic.isPinned && !topic.isLocked) return null;
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
    </span>
  );
}
