import { BellOff } from "lucide-react";
import { useLocation } from "wouter";
import type { Notification } from "@shared/types";
import { EmptyState } from "@/components/empty-state";
import { RelativeTime } from "@/components/relative-time";
import { UserAvatar } from "@/components/user-avatar";
import { cn } from "@/lib/cn";
import { useMarkNotificationsRead } from "../api/notifications";
import { notificationHref, notificationText } from "@shared/notification-text";

/** Notifications as buttons: opening one marks it read and goes to the post or profile. */
export function NotificationList({ notifications, onOpen }: { notifications: Notification[]; onOpen?: () => void }) {
  const [, navigate] = useLocation();
  const markRead = useMarkNotificationsRead();
  if (notifications.length === 0) return <EmptyState icon={BellOff} title="No notifications yet" className="py-10" />;
  return (
    <ul className="divide-y divide-border" aria-label="Notifications">
      {notifications.map((notification) => {
        const unread = notification.readAt === null;
        return (
          <li key={notification.id}>
            <button
              type="button"
              onClick={() => {
                if (unread) markRead.mutate([notification.id]);
                onOpen?.();
                navigate(notificationHref(notification));
              }}
              className={cn(
                "flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-surface-raised/60",
                unread && "bg-primary/[0.06]",
              )}
            >
              <UserAvatar username={notification.actor?.username ?? "?"} src={notification.actor?.avatar} size="sm" />
              <span className="min-w-0 flex-1">
                {unread && <span className="sr-only">Unread: </span>}
                <span
                  title={notificationText(notification)}
                  className={cn("line-clamp-2 text-sm [overflow-wrap:anywhere]", unread ? "font-semibold" : "text-muted")}
                >
                  {notificationText(notification)}
                </span>
                <RelativeTime timestamp={notification.createdAt} className="text-xs text-muted" />
              </span>
              {unread && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
