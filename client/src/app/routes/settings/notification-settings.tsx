import { PageContainer } from "@/components/layouts/page-container";
import { EmailNotificationsCard } from "@/features/account/components/email-notifications-card";
import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { PushDeviceCard } from "@/features/notifications/components/push-device-card";
import { TopicLevelsCard } from "@/features/notifications/components/topic-levels-card";
import { usePageTitle } from "@/hooks/use-page-title";

/**
 * /settings/notifications: every notification setting on one screen (docs/product.md "Watching, push and install"):
 * email, push on this device, and the level of each watched or muted topic.
 */
export function NotificationSettingsScreen() {
  usePageTitle("Notification settings");
  const { data: user } = useCurrentUser();
  return (
    <PageContainer className="flex max-w-3xl flex-col gap-5">
      <h1 className="text-2xl font-bold tracking-tight">Notification settings</h1>
      {user && <EmailNotificationsCard user={user} />}
      <PushDeviceCard />
      <TopicLevelsCard />
    </PageContainer>
  );
}
