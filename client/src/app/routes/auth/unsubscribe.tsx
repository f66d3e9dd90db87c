import { BellOff, CircleX } from "lucide-react";
import { Link, useSearch } from "wouter";
import { NoticePage } from "@/components/notice-page";
import { Button, buttonClasses } from "@/components/ui/button";
import { useUnsubscribe } from "@/features/account/api/email";
import { usePageTitle } from "@/hooks/use-page-title";
import { apiErrorMessage } from "@/lib/api-error";

/**
 * /unsubscribe?token=…: the footer link of a notification mail. It takes a click (a GET must not
 * unsubscribe: mail scanners open links); mail clients use the one-click header instead.
 */
export function UnsubscribeScreen() {
  usePageTitle("Unsubscribe");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const unsubscribe = useUnsubscribe();

  if (unsubscribe.isError) {
    return (
      <NoticePage icon={CircleX} tone="destructive" title="Could not unsubscribe" message={`${apiErrorMessage(unsubscribe.error)}. You can change what mail you get on your dashboard.`}>
        <Link href="/dashboard" className={buttonClasses()}>
          Go to your dashboard
        </Link>
      </NoticePage>
    );
  }
  return (
    <NoticePage
      icon={BellOff}
      title={unsubscribe.isSuccess ? "Unsubscribed" : "Stop notification mails?"}
      message={
        unsubscribe.isSuccess
          ? "You will get no more mail about unread notifications and messages. You can turn it back on on your dashboard."
          : "You will get no more mail about unread notifications and messages. Password resets still reach you."
      }
    >
      {unsubscribe.isSuccess ? (
        <Link href="/dashboard" className={buttonClasses({ variant: "outline" })}>
          Go to your dashboard
        </Link>
      ) : (
        <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
          Unsubscribe
        </Button>
      )}
    </NoticePage>
  );
}
