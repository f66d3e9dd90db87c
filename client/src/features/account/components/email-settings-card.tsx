import { CircleAlert, CircleCheck } from "lucide-react";
import type { CurrentUser } from "@shared/types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useResendVerification } from "../api/email";

/** Whether the address is verified, and a way to have the link sent again (how often mail comes: the notification settings). */
export function EmailSettingsCard({ user }: { user: CurrentUser }) {
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast({ title: "Verification link sent", description: `Check ${user.email}` }),
      onError: (error) => toast({ variant: "destructive", title: "Could not send the link", description: apiErrorMessage(error) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email</CardTitle>
        <CardDescription>Only a verified address gets mail: password resets and notifications.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!user.email ? (
          <p className="text-sm text-muted">Add an email address under Contact Information to get mail.</p>
        ) : user.emailVerified ? (
          <p className="flex items-center gap-2 text-sm">
            <CircleCheck className="size-4 text-success" aria-hidden /> {user.email} is verified
          </p>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm">
              <CircleAlert className="size-4 text-amber-300 light:text-amber-800" aria-hidden /> {user.email} is not verified yet: follow the link we mailed
            </p>
            <Button variant="outline" size="sm" disabled={resend.isPending} onClick={send}>
              Send the link again
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
