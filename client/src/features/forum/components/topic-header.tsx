import { Lock, MessageSquare, Pencil, Pin } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import type { Topic } from "@shared/types";
import { RelativeTime } from "@/components/relative-time";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { UserLink } from "@/components/user-link";
import { countLabel } from "@/lib/count-label";
import { TopicTaxonomy } from "./topic-taxonomy";
import { TopicOpener } from "./topic-opener";
import type { ForumViewer } from "../types";

// The form's code (react-hook-form, the schemas, the tags box) loads on the first touch of Edit, not with the topic.
const loadEditForm = () => import("./topic-edit-form");
const TopicEditForm = lazy(() => loadEditForm().then((module) => ({ default: module.TopicEditForm })));

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
  /** The reader's notification level of the topic. */
  notifications?: ReactNode;
  /** Who reads (null: not known yet): to offer Flag on others' openers only. */
  viewer?: ForumViewer | null;
}

/** Category, tags, title, state, description, author, age and post count of a topic; editable in place. */
export function TopicHeader({ topic, actions, notifications, viewer = null }: TopicHeaderProps) {
  const [editing, setEditing] = useState(false);
  if (editing && topic.canEdit) {
    return (
      <Card className="p-5 sm:p-6">
        <Suspense fallback={<Spinner className="py-10" />}>
          <TopicEditForm topic={topic} onDone={() => setEditing(false)} />
        </Suspense>
      </Card>
    );
  }
  return (
    <Card className="p-5 sm:p-6">
      <div className="mb-3 flex flex-wrap items-center gap-2 empty:hidden">
        <TopicTaxonomy topic={topic} />
        {topic.isPinned && <StatusChip icon={Pin}>Pinned</StatusChip>}
        {topic.isLocked && <StatusChip icon={Lock}>Locked</StatusChip>}
      </div>
      <div className="flex items-start gap-3">
        <h1 className="min-w-0 flex-1 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{topic.title}</h1>
        {topic.canEdit && (
          <Button
            variant="ghost"
            size="icon"
            className="-mr-2 shrink-0"
            aria-label="Edit topic"
            title="Edit topic"
            onPointerDown={() => void loadEditForm()}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden />
          </Button>
        )}
      </div>
      <TopicOpener topic={topic} viewer={viewer} />
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
        <span className="inline-flex min-w-0 items-center gap-1.5">
          by <UserLink username={topic.authorUsername} avatar={topic.authorAvatar} role={topic.authorRole} size="xs" />
        </span>
        <RelativeTime timestamp={topic.createdAt} />
        <span className="inline-flex items-center gap-1.5">
          <MessageSquare className="size-4" aria-hidden />
          {countLabel(topic.postsCount, "post")}
        </span>
      </div>
      {notifications && <div className="mt-4">{notifications}</div>}
      {actions && <div className="mt-5 flex flex-wrap gap-2 border-t border-border pt-4">{actions}</div>}
    </Card>
  );
}
