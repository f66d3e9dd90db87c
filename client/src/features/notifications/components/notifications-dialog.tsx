import { Link } from "wouter";
import { NOTIFICATIONS_PREVIEW_SIZE } from "@shared/constants";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useMarkNotificationsRead, useNotifications } from "../api/notifications";
import { NotificationList } from "./notification-list";

/** The bell's dialog (notification-bell.tsx): the latest notifications, 'Mark all read' and the way to all of them. */
export function NotificationsDialog({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const notifications = useNotifications();
  const markAll = useMarkNotificationsRead();
  const first = notifications.data?.pages[0];
  const unread = first?.unreadCount ?? 0;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-md gap-0 p-0">
        <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 pr-12">
          <DialogTitle className="text-base">Notifications</DialogTitle>
          {unread > 0 && (
            <Button variant="ghost" size="sm" onClick={() => markAll.mutate(undefined)} disabled={markAll.isPending}>
              Mark all read
            </Button>
          )}
        </div>
        <div className="max-h-[60vh] overflow-y-auto">
          {first ? (
            <NotificationList notifications={first.notifications.slice(0, NOTIFICATIONS_PREVIEW_SIZE)} onOpen={() => setOpen(false)} />
          ) : (
            <Spinner className="py-8" />
          )}
        </div>
        <div className="flex border-t border-border text-sm">
          <Link href="/notifications" onClick={() => setOpen(false)} className="flex-1 px-4 py-3 text-center text-primary-hover hover:text-foreground">
            See all notifications
          </Link>
          <Link href="/settings/notifications" onClick={() => setOpen(false)} className="flex-1 border-l border-border px-4 py-3 text-center text-primary-hover hover:text-foreground">
            Notification settings
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}
