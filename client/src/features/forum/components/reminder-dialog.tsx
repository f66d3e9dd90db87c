import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useSetBookmark, type BookmarkedPost } from "../api/bookmarks";
import { ReminderForm } from "./reminder-form";

interface ReminderDialogProps {
  post: BookmarkedPost;
  /** The reminder set now, if any. */
  remindAt: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Bookmarks the post with a reminder (or changes or clears the reminder of its bookmark); closes once saved. */
export function ReminderDialog({ post, remindAt, open, onOpenChange }: ReminderDialogProps) {
  const setBookmark = useSetBookmark();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Remind me</DialogTitle>
        <DialogDescription>The post is bookmarked, and a notification comes at the time you choose.</DialogDescription>
        <div className="mt-4">
          <ReminderForm
            remindAt={remindAt}
            pending={setBookmark.isPending}
            onSubmit={(at) => setBookmark.mutate({ post, remindAt: at }, { onSuccess: () => onOpenChange(false) })}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
