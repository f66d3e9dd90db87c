import { Bell } from "lucide-react";
import { lazy, useState } from "react";
import { Button } from "@/components/ui/button";
import { MountWhenOpened } from "@/components/ui/mount-when-opened";
import { badgeCount } from "@/lib/count-label";
import { useNotifications } from "../api/notifications";

const loadDialog = () => import("./notifications-dialog");
// The dialog and its list load on the first touch of the bell, not with every page.
const NotificationsDialog = lazy(() => loadDialog().then((module) => ({ default: module.NotificationsDialog })));

/** The bell of the top navigation: the unread count, and a dialog with the latest notifications. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useNotifications().data?.pages[0]?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="relative"
        onPointerDown={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span aria-hidden className="absolute right-1 top-1 grid h-4 min-w-4 place-items-center rounded-full bg-primary px-1 text-[10px] font-bold leading-none text-primary-foreground">
            {badgeCount(unread)}
          </span>
        )}
      </Button>
      <MountWhenOpened open={open}>
        <NotificationsDialog open={open} setOpen={setOpen} />
      </MountWhenOpened>
    </>
  );
}
