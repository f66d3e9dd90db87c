import { Bell } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { NOTIFICATIONS_PREVIEW_SIZE } from "@shared/constants";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { badgeCount } from "@/lib/count-label";
import { useMarkNotificationsRead, useNotifications } from "../api/notifications";
import { NotificationList } from "./notification-list";

/** The bell of the top navigation: the unread count, and a dialog with the latest notifications. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markAll = useMarkNotificationsRead();
  const first = notifications.data?.pages[0];
  const unread = first?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative">
          <Bell className="size-5" aria-hidden />
          {unread > 0 && (
            <span aria-hidden className="absolute right-1 top-1 grid h-4 min-w-4 place-items-center rounded-full bg-primary px-1 text-[10px] font-bold leading-none text-primary-foreground">
              {badgeCount(unread)}
            </span>
          )}
        </Button>
      </DialogTrigger>
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
        <Link href="/notifications" onClick={() => setOpen(false)} className="block border-t border-border px-4 py-3 text-center text-sm text-primary-hover hover:text-foreground">
          See all notifications
        </Link>
      </DialogContent>
    </Dialog>
  );
}
