import { Lock, MessageSquare, Pin } from "lucide-react";
import type { ReactNode } from "react";
import type { Topic } from "@shared/types";
import { LinkifiedText } from "@/components/linkified-text";
import { RelativeTime } from "@/components/relative-time";
import { Card } from "@/components/ui/card";
import { UserLink } from "@/components/user-link";
import { countLabel } from "@/lib/count-label";

function StatusChip({ icon: Icon, children }: { icon: typeof Pin; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface-raised px-2.5 py-0.5 text-xs font-medium text-muted">
      <Icon className="size-3.5" aria-hidden />
      {children}
    </span>
  );
}

interface TopicHeaderProps {
  topic: Topic;
  /** The admins' controls (pin, lock, delete), when the reader may use them. */
  actions?: ReactNode;
}

/** Title, state, description, author, age and post count of a topic. */
export function TopicHeader({ topic, actions }: TopicHeaderProps) {
  return (
    <Card className="p-5 sm:p-6">
      {(topic.isPinned || topic.isLocked) && (
        <div className="mb-3 flex flex-wrap gap-2">
          {topic.isPinned && <StatusChip icon={Pin}>Pinned</StatusChip>}
          {topic.isLocked && <StatusChip icon={Lock}>Locked</StatusChip>}
        </div>
      )}
      <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{topic.title}</h1>
      {topic.description && <LinkifiedText text={topic.description} className="mt-3 text-muted" />}
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
        <span className="inline-flex min-w-0 items-center gap-1.5">
          by <UserLink username={topic.authorUsername} avatar={topic.authorAvatar} size="xs" />
        </span>
        <RelativeTime timestamp={topic.createdAt} />
        <span className="inline-flex items-center gap-1.5">
          <MessageSquare className="size-4" aria-hidden />
          {countLabel(topic.postsCount, "post")}
        </span>
      </div>
      {actions && <div className="mt-5 flex flex-wrap gap-2 border-t border-border pt-4">{actions}</div>}
    </Card>
  );
}
