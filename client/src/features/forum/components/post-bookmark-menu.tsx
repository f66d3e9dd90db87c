import { AlarmClock, Bookmark, BookmarkMinus, BookmarkPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { PopoverMenu, popoverMenuItemClasses } from "@/components/ui/popover-menu";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useRemoveBookmark, useSetBookmark, type BookmarkedPost } from "../api/bookmarks";
import { BOOKMARKED } from "../messages";

// Opened by "Remind me…": the form (and the zod schema it checks with) loads on first opening, not with the topic (e2e/bundle-budget.spec.ts).
const loadReminderDialog = () => import("./reminder-dialog");
const ReminderDialog = lazy(() => loadReminderDialog().then((module) => ({ default: module.ReminderDialog })));

/**
 * A post's bookmark menu (docs/product.md "Bookmarks and reminders"): "Bookmark" or "Remove
 * bookmark", and "Remind me…", which bookmarks it with a reminder. The icon is filled while the post
 * is bookmarked.
 */
export function PostBookmarkMenu({ post, bookmarked }: { post: BookmarkedPost; bookmarked: boolean }) {
  const [reminding, setReminding] = useState(false);
  const setBookmark = useSetBookmark();
  const removeBookmark = useRemoveBookmark();
  const pending = setBookmark.isPending || removeBookmark.isPending;
  return (
    <>
      <PopoverMenu
        label="Bookmark"
        triggerClassName={cn(buttonClasses({ variant: "ghost", size: "icon" }), "size-8", bookmarked && "text-primary")}
        trigger={
          <>
            <Bookmark aria-hidden className={cn(bookmarked && "fill-current")} />
            <span className="sr-only">{bookmarked ? "Bookmarked: bookmark menu" : "Bookmark menu"}</span>
          </>
        }
      >
        {bookmarked ? (
          <button type="button" className={popoverMenuItemClasses} disabled={pending} onClick={() => removeBookmark.mutate(post)}>
            <BookmarkMinus aria-hidden />
            Remove bookmark
          </button>
        ) : (
          <button type="button" className={popoverMenuItemClasses} disabled={pending} onClick={() => setBookmark.mutate({ post, remindAt: null }, { onSuccess: () => toast({ title: BOOKMARKED }) })}>
            <BookmarkPlus aria-hidden />
            Bookmark
          </button>
        )}
        <button type="button" className={popoverMenuItemClasses} disabled={pending} onPointerDown={() => void loadReminderDialog()} onClick={() => setReminding(true)}>
          <AlarmClock aria-hidden />
          Remind me…
        </button>
      </PopoverMenu>
      {reminding && (
        <Suspense fallback={null}>
          <ReminderDialog post={post} remindAt={null} open={reminding} onOpenChange={setReminding} />
        </Suspense>
      )}
    </>
  );
}
