import { Bell, BellOff, Bookmark, ShieldCheck } from "lucide-react";
import { useLocation } from "wouter";
import type { Notification } from "@shared/types";
import { EmptyState } from "@/components/empty-state";
import { RelativeTime } from "@/components/relative-time";
import { UserAvatar } from "@/components/user-avatar";
import { cn } from "@/lib/cn";
import { useMarkNotificationsRead } from "../api/notifications";
import { moderationParts, notificationHref, notificationText } from "@shared/notification-text";

const isModerationNotice = (notification: Notification) => notification.type === "moderation" || notification.type === "flag_resolved";

/**
 * Who a notification is from: the member who acted, or for what has no member behind it a sign of
 * its own: staff's shield on moderation notices (staff act as a body, unnamed), a bookmark on a
 * reminder, a bell otherwise.
 */
function NotificationIcon({ notification }: { notification: Notification }) {
  if (notification.actor) return <UserAvatar username={notification.actor.username} src={notification.actor.avatar} size="sm" />;
  const Icon = isModerationNotice(notification) ? ShieldCheck : notification.type === "bookmark_reminder" ? Bookmark : Bell;
  return (
    <span className="grid size-8 shrink-0 place-items-center rounded-full bg-primary/10 text-primary ring-1 ring-primary/20" data-notification-icon={notification.type}>
      <Icon className="size-4" aria-hidden />
      {isModerationNotice(notification) && <span className="sr-only">Staff: </span>}
    </span>
  );
}

/** A moderation notice: what happened, then why (the flags' reason) and staff's note, each on its own line. */
function ModerationNotice({ notification, unread }: { notification: Notification; unread: boolean }) {
  const { headline, reason, note } = moderationParts(notification);
  return (
    <span className="flex flex-col gap-0.5 text-sm [overflow-wrap:anywhere]">
      <span className={cn("line-clamp-3", unread ? "font-semibold" : "text-muted")}>{headline}</span>
      {reason && <span className="text-muted">Reason: {reason}</span>}
      {note && <span className="line-clamp-3 text-muted">Staff note: “{note}”</span>}
    </span>
  );
}

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
              <NotificationIcon notification={notification} />
              <span className="min-w-0 flex-1">
                {unread && <span className="sr-only">Unread: </span>}
                {isModerationNotice(notification) ? (
                  <ModerationNotice notification={notification} unread={unread} />
                ) : (
                  <span
                    title={notificationText(notification)}
                    className={cn("line-clamp-2 text-sm [overflow-wrap:anywhere]", unread ? "font-semibold" : "text-muted")}
                  >
                    {notificationText(notification)}
                  </span>
                )}
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
