import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { forgotPasswordSchema, type ForgotPasswordData, type ForgotPasswordInput } from "@shared/schemas/email";
import { CenteredPage } from "@/components/layouts/centered-page";
import { NoticePage } from "@/components/notice-page";
import { buttonClasses } from "@/components/ui/button";
import { Form, FormField } from "@/components/ui/form";
import { FormCard } from "@/components/ui/form-card";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextLink } from "@/components/ui/text-link";
import { useForgotPassword } from "@/features/account/api/email";
import { usePageTitle } from "@/hooks/use-page-title";
import { apiErrorMessage } from "@/lib/api-error";

/** /forgot-password: asks for a reset link by username or verified address; says the same whoever it names. */
export function ForgotPasswordScreen() {
  usePageTitle("Forgot password");
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordInput, unknown, ForgotPasswordData>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { login: "" } });
  const submit = form.handleSubmit((body) => forgot.mutateAsync(body).catch(() => undefined));

  if (forgot.isSuccess) {
    return (
      <NoticePage icon={MailCheck} title="Check your mail" message="If that account has a verified email address, a link to choose a new password is on its way. It works once, for an hour.">
        <Link href="/login" className={buttonClasses()}>
          Back to sign in
        </Link>
      </NoticePage>
    );
  }
  return (
    <CenteredPage>
      <FormCard
        icon={KeyRound}
        title="Forgot password?"
        description="Enter your username or your verified email address, and we'll mail you a link to choose a new password."
        footer={
          <>
            Remembered it? <TextLink href="/login">Sign in</TextLink>
          </>
        }
      >
        <Form onSubmit={submit}>
          <FormField
            label="Username or email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={form.formState.errors.login?.message ?? (forgot.isError ? apiErrorMessage(forgot.error) : undefined)}
            {...form.register("login")}
          />
          <SubmitButton pending={forgot.isPending} pendingLabel="Sending..." className="mt-2">
            Send reset link
          </SubmitButton>
        </Form>
      </FormCard>
    </CenteredPage>
  );
}
