import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, CircleX, KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useSearch } from "wouter";
import { TEXT_LIMITS } from "@shared/constants";
import { INVALID_MAILED_LINK, resetPasswordFormSchema, type ResetPasswordFormData, type ResetPasswordFormInput } from "@shared/schemas/email";
import { CenteredPage } from "@/components/layouts/centered-page";
import { NoticePage } from "@/components/notice-page";
import { buttonClasses } from "@/components/ui/button";
import { Form, FormField } from "@/components/ui/form";
import { FormCard } from "@/components/ui/form-card";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextLink } from "@/components/ui/text-link";
import { useResetPassword } from "@/features/account/api/email";
import { usePageTitle } from "@/hooks/use-page-title";
import { apiErrorMessage } from "@/lib/api-error";

/** /reset-password?token=…: the mailed link's screen, where the new password is chosen. */
export function ResetPasswordScreen() {
  usePageTitle("Choose a new password");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const reset = useResetPassword();
  const form = useForm<ResetPasswordFormInput, unknown, ResetPasswordFormData>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const submit = form.handleSubmit(({ password }) => reset.mutateAsync({ token, password }).catch(() => undefined));
  const { errors } = form.formState;

  // Opened without the mail's token (a link cut short): nothing to reset with.
  if (!token) {
    return (
      <NoticePage icon={CircleX} tone="destructive" title="Could not reset the password" message={`${INVALID_MAILED_LINK}.`}>
        <Link href="/forgot-password" className={buttonClasses()}>
          Ask for another
        </Link>
      </NoticePage>
    );
  }
  if (reset.isSuccess) {
    return (
      <NoticePage icon={CircleCheck} title="Password changed" message="Your new password is set, and every device that was signed in has been signed out.">
        <Link href="/login" className={buttonClasses()}>
          Sign in
        </Link>
      </NoticePage>
    );
  }
  return (
    <CenteredPage>
      <FormCard
        icon={KeyRound}
        title="Choose a new password"
        description="Signing in with it signs you in everywhere anew: other devices are signed out."
        footer={
          <>
            Link expired? <TextLink href="/forgot-password">Ask for another</TextLink>
          </>
        }
      >
        <Form onSubmit={submit}>
          {reset.isError && (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorMessage(reset.error)}
            </p>
          )}
          <FormField
            label="New Password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${TEXT_LIMITS.passwordMin} characters, with an uppercase letter, a lowercase letter and a number`}
            error={errors.password?.message}
            {...form.register("password")}
          />
          <FormField label="Confirm New Password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register("confirmPassword")} />
          <SubmitButton pending={reset.isPending} pendingLabel="Saving..." className="mt-2">
            Set new password
          </SubmitButton>
        </Form>
      </FormCard>
    </CenteredPage>
  );
}
