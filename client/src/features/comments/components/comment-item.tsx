import { DELETED_MEMBER_NAME } from "@shared/member-deletion";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { ProfileComment } from "@shared/types";
import { MarkdownHtml } from "@/components/markdown-html";
import { RelativeTime } from "@/components/relative-time";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { UserAvatar } from "@/components/user-avatar";
import { UserLink } from "@/components/user-link";
import { FlagButton } from "@/components/flag/flag-button";
import { HiddenMark, HiddenNotice } from "@/components/flag/hidden-notice";
import { useDeleteProfileComment } from "../api/delete-profile-comment";
import type { CommentViewer } from "../types";

interface CommentItemProps {
  comment: ProfileComment;
  viewer: CommentViewer | null;
}

/** One comment: author (avatar and name linking to their profile), age and text; deletable after confirming. */
export function CommentItem({ comment, viewer }: CommentItemProps) {
  const [confirming, setConfirming] = useState(false);
  const deleteComment = useDeleteProfileComment(comment.profileUserId, comment.id, { onSuccess: () => setConfirming(false) });
  const isAuthor = viewer?.id === comment.authorId;
  // Hidden after flags: its author and staff get the text (marked), everyone else an empty one.
  const textWithheld = comment.hidden && comment.html === "" && comment.content === "";

  return (
    <article aria-label={`Comment by ${comment.authorUsername ?? DELETED_MEMBER_NAME}`} className="flex gap-3 px-5 py-4 sm:px-6">
      <UserAvatar username={comment.authorUsername} src={comment.authorAvatar} size="sm" className="mt-0.5 hidden sm:grid" />
      <div className="min-w-0 flex-1">
        <header className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2.5 gap-y-0.5 leading-6">
            <UserLink username={comment.authorUsername} avatar={comment.authorAvatar} role={comment.authorRole} size="xs" className="text-sm sm:[&>:first-child]:hidden" />
            <RelativeTime timestamp={comment.createdAt} className="text-xs text-muted" />
            {comment.hidden && !textWithheld && <HiddenMark />}
          </div>
          {viewer && !isAuthor && <FlagButton targetType="comment" targetId={comment.id} flagged={comment.viewerFlagged} className="-my-1" />}
          {comment.canDelete && (
            <Button
              variant="ghost"
              size="icon"
              className="-my-1 -mr-2 size-8 hover:bg-destructive/10 hover:text-destructive-hover"
              aria-label="Delete comment"
              title="Delete"
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden />
            </Button>
          )}
        </header>
        {textWithheld ? <HiddenNotice /> : <MarkdownHtml html={comment.html} className="mt-1 text-sm/6" />}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this comment?"
        description={
          isAuthor ? "Your comment will be deleted. This cannot be undone." : `This comment by ${comment.authorUsername} will be deleted. This cannot be undone.`
        }
        confirmLabel="Delete comment"
        pendingLabel="Deleting..."
        pending={deleteComment.isPending}
        onConfirm={() => deleteComment.mutate()}
      />
    </article>
  );
}
