import { PageContainer } from "@/components/layouts/page-container";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useMarkNotificationsRead, useNotifications } from "@/features/notifications/api/notifications";
import { NotificationList } from "@/features/notifications/components/notification-list";
import { useLoadMoreOnScroll } from "@/hooks/use-load-more-on-scroll";
import { usePageTitle } from "@/hooks/use-page-title";

/** /notifications: every notification, newest first, more as one scrolls, and "Mark all read". */
export function NotificationsScreen() {
  usePageTitle("Notifications");
  const notifications = useNotifications();
  const markAll = useMarkNotificationsRead();
  const loadMoreRef = useLoadMoreOnScroll(notifications);
  const unread = notifications.data?.pages[0]?.unreadCount ?? 0;
  const items = notifications.data?.pages.flatMap((page) => page.notifications) ?? [];

  return (
    <PageContainer className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Notifications</h1>
        <Button variant="outline" size="sm" onClick={() => markAll.mutate(undefined)} disabled={unread === 0 || markAll.isPending}>
          Mark all read
        </Button>
      </div>
      {notifications.isPending ? (
        <Spinner className="py-12" />
      ) : (
        <Card className="overflow-hidden">
          <NotificationList notifications={items} />
        </Card>
      )}
      <div ref={loadMoreRef} aria-hidden className="h-px" />
      {notifications.isFetchingNextPage && <Spinner className="py-6" />}
    </PageContainer>
  );
}
