import { Lock, LockOpen, Pin, PinOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import type { Topic } from "@shared/types";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { countLabel } from "@/lib/count-label";
import { useDeleteTopic } from "../api/delete-topic";
import { useUpdateTopic } from "../api/update-topic";

/** Pin/Unpin, Lock/Unlock and Delete topic, for admins; a deleted topic leaves for the forum. */
export function TopicAdminActions({ topic }: { topic: Topic }) {
  const [, navigate] = useLocation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const updateTopic = useUpdateTopic(topic.id);
  const deleteTopic = useDeleteTopic(topic.id, { onSuccess: () => navigate("/forum", { replace: true }) });
  const busy = updateTopic.isPending || deleteTopic.isPending;

  return (
    <>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => updateTopic.mutate({ isPinned: !topic.isPinned })}>
        {topic.isPinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
        {topic.isPinned ? "Unpin" : "Pin"}
      </Button>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => updateTopic.mutate({ isLocked: !topic.isLocked })}>
        {topic.isLocked ? <LockOpen aria-hidden /> : <Lock aria-hidden />}
        {topic.isLocked ? "Unlock" : "Lock"}
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="border-destructive/40 text-destructive-hover hover:border-destructive/60 hover:bg-destructive/10 sm:ml-auto"
        disabled={busy}
        onClick={() => setConfirmingDelete(true)}
      >
        <Trash2 aria-hidden />
        Delete topic
      </Button>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete this topic?"
        description={
          <>
            <span className="font-medium text-foreground">{topic.title}</span> and all posts in it (
            {countLabel(topic.postsCount, "post")}) will be deleted. This cannot be undone.
          </>
        }
        confirmLabel="Delete topic"
        pendingLabel="Deleting..."
        pending={deleteTopic.isPending}
        onConfirm={() => deleteTopic.mutate()}
      />
    </>
  );
}
