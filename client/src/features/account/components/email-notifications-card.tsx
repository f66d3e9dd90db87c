import type { CurrentUser } from "@shared/types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TextLink } from "@/components/ui/text-link";
import { EmailNotificationsSelect } from "./email-notifications-select";

/** How often mail about unread notifications and messages comes; only a verified address gets it. */
export function EmailNotificationsCard({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email</CardTitle>
        <CardDescription>
          {user.email && user.emailVerified ? (
            <>Mail goes to {user.email}.</>
          ) : (
            <>
              Only a verified address gets mail: add or verify yours on your <TextLink href="/dashboard">dashboard</TextLink>.
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <EmailNotificationsSelect value={user.emailNotifications} />
      </CardContent>
    </Card>
  );
}
