import { CircleCheck, CircleX, Loader } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { NoticePage } from "@/components/notice-page";
import { buttonClasses } from "@/components/ui/button";
import { useVerifyEmail } from "@/features/account/api/email";
import { usePageTitle } from "@/hooks/use-page-title";
import { apiErrorMessage } from "@/lib/api-error";

/** /verify-email?token=…: the mailed link's screen; posts the token once and says what happened. */
export function VerifyEmailScreen() {
  usePageTitle("Verify email");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // Once: the token is single use, and a development build runs effects twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  const next = (
    <Link href="/dashboard" className={buttonClasses()}>
      Go to your dashboard
    </Link>
  );
  if (verify.isSuccess) {
    return (
      <NoticePage icon={CircleCheck} title="Email address verified" message="Thank you. Mail from the site, such as a password reset, can now reach you.">
        {next}
      </NoticePage>
    );
  }
  if (verify.isError) {
    return (
      <NoticePage icon={CircleX} tone="destructive" title="Could not verify" message={`${apiErrorMessage(verify.error)}. You can ask for a new link on your dashboard.`}>
        {next}
      </NoticePage>
    );
  }
  return (
    <NoticePage icon={Loader} title="Verifying your email address" message="One moment…">
      {null}
    </NoticePage>
  );
}
