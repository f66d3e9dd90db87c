import { Award, CircleCheck, FileX, IdCard, LoaderCircle, MessageSquare, Ticket, Trash2, type LucideIcon } from "lucide-react";
import { useState } from "react";
import type { AdminUser, DeleteUserResponse } from "@shared/types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { hasStatus } from "@/lib/api-error";
import { countLabel } from "@/lib/count-label";
import { ChoiceCard } from "@/components/ui/choice-card";
import {
  DEFAULT_ADMIN_DELETION_CONTENT,
  DELETED_MEMBER_NAME,
  DELETION_CONTENT_MODES,
  DELETION_CONTENT_TEXT,
  DELETION_KEEPS_OTHERS,
  type DeletionContent,
} from "@shared/member-deletion";
import { useDeleteUser } from "../api/delete-user";
import { useMemberDeletion } from "../api/get-member-deletion";

interface DeleteUserDialogProps {
  /** The member to delete; kept while the dialog closes. */
  user: AdminUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Delete User': first what will be deleted, then its progress (a large deletion takes a while), then the counts of what was. */
export function DeleteUserDialog({ user, open, onOpenChange }: DeleteUserDialogProps) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open && user !== null} onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-md">
        {user && <DeleteUserSteps key={user.id} user={user} onPendingChange={setPending} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** What goes in every mode (docs/product.md "Content outlives its author"). */
const ALWAYS_GOES: Array<{ icon: LucideIcon; text: string }> = [
  { icon: MessageSquare, text: "The comments on their profile" },
  { icon: Award, text: "Their badges" },
  { icon: IdCard, text: "Their bio card and its links" },
  { icon: FileX, text: "The files they uploaded that no remaining text shows" },
  { icon: Ticket, text: "Unused invites given to them" },
];

function DeleteUserSteps({ user, onPendingChange, onClose }: { user: AdminUser; onPendingChange: (pending: boolean) => void; onClose: () => void }) {
  const [result, setResult] = useState<DeleteUserResponse | null>(null);
  const [content, setContent] = useState<DeletionContent>(DEFAULT_ADMIN_DELETION_CONTENT);
  const deleteUser = useDeleteUser({ onSuccess: setResult });

  if (result) return <DeletionOutcome user={user} result={result} />;

  const remove = () => {
    onPendingChange(true);
    deleteUser.mutate({ userId: user.id, content }, {
      onSettled: () => onPendingChange(false),
      // Gone already: nothing left to delete here.
      onError: (error) => (hasStatus(error, 404) ? onClose() : undefined),
    });
  };

  return (
    <>
      <DialogTitle>Delete User</DialogTitle>
      <DialogDescription>
        Delete <span className="font-medium text-foreground">{user.username}</span> (UID {user.id}) for good.
      </DialogDescription>
      <fieldset className="mt-4 flex flex-col gap-2" disabled={deleteUser.isPending}>
        <legend className="mb-2 text-sm font-medium">
          What they wrote ({countLabel(user.postsCount, "post")}, their topics, comments and messages)
        </legend>
        {DELETION_CONTENT_MODES.map((mode) => (
          <ChoiceCard
            key={mode}
            name="content"
            value={mode}
            checked={content === mode}
            selected={content === mode}
            onChange={() => setContent(mode)}
            label={DELETION_CONTENT_TEXT[mode].label}
            description={DELETION_CONTENT_TEXT[mode].admin}
          />
        ))}
      </fieldset>
      <p className="mt-4 text-sm">{content === "purge" ? "Other members' replies in their topics go too." : DELETION_KEEPS_OTHERS}</p>
      <p className="mt-4 text-sm">In any case, this deletes:</p>
      <ul aria-label="Deleted in any case" className="mt-2 flex flex-col gap-2.5 rounded-control border border-border bg-background/60 p-4 text-sm">
        {ALWAYS_GOES.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2.5">
            <Icon className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-destructive-hover">They are signed out at once. This cannot be undone.</p>
      <DialogActions className="mt-6" pending={deleteUser.isPending}>
        <Button variant="destructive" disabled={deleteUser.isPending} onClick={remove}>
          {deleteUser.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
          {deleteUser.isPending ? "Deleting..." : "Delete User"}
        </Button>
      </DialogActions>
    </>
  );
}

/** After the request: the member is gone for everyone at once; their rows go in the background, shown until done. */
function DeletionOutcome({ user, result }: { user: AdminUser; result: DeleteUserResponse }) {
  const deletion = useMemberDeletion(user.id).data;
  if (deletion?.status !== "done") {
    const done = deletion?.postsDone ?? 0;
    const total = deletion?.postsTotal ?? result.deletedData.posts;
    const progress = `${done.toLocaleString("en-US")} of ${countLabel(total, "post")}`;
    const label = result.content === "anonymize" ? `Crediting ${progress} to ${DELETED_MEMBER_NAME}` : `Deleting ${progress}`;
    return (
      <>
        <DialogTitle className="flex items-center gap-2">
          <LoaderCircle className="size-5 animate-spin text-muted" aria-hidden />
          Deleting {user.username}
        </DialogTitle>
        <DialogDescription>
          <span className="font-medium text-foreground">{user.username}</span> is gone for everyone already; what was theirs is being handled. Closing
          this window does not stop it.
        </DialogDescription>
        <div className="mt-5 flex flex-col gap-1.5">
          <p className="text-sm tabular-nums" aria-live="polite">
            {label}
          </p>
          <div
            role="progressbar"
            aria-label="Deletion progress"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            className="relative h-1.5 overflow-hidden rounded-full bg-surface-raised"
          >
            <div className="h-full rounded-full bg-primary transition-[width] duration-200 ease-out" style={{ width: `${total ? (100 * done) / total : 0}%` }} />
          </div>
        </div>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="outline" className="max-sm:w-full">
              Close
            </Button>
          </DialogClose>
        </div>
      </>
    );
  }

  const { posts, topics, comments, messages } = result.deletedData;
  return (
    <>
      <DialogTitle className="flex items-center gap-2">
        <CircleCheck className="size-5 text-success" aria-hidden />
        User deleted
      </DialogTitle>
      <DialogDescription>
        <span className="font-medium text-foreground">{user.username}</span> is gone.{" "}
        {result.content === "anonymize" ? `What they wrote stays, credited to ${DELETED_MEMBER_NAME}. Deleted with them:` : "Deleted with them:"}
      </DialogDescription>
      <dl aria-label="Deleted" className="mt-5 grid grid-cols-4 gap-2">
        {[
          { label: "Posts", count: posts },
          { label: "Topics", count: topics },
          { label: "Comments", count: comments },
          { label: "Messages", count: messages },
        ].map(({ label, count }) => (
          <div key={label} className="flex flex-col-reverse items-center rounded-control border border-border bg-background/60 px-2 py-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{count.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex justify-end">
        <DialogClose asChild>
          <Button className="max-sm:w-full">Done</Button>
        </DialogClose>
      </div>
    </>
  );
}
