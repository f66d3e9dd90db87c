import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { changePasswordFormSchema, type ChangePasswordFormData, type ChangePasswordFormInput } from "@shared/schemas/auth";
import { TEXT_LIMITS } from "@shared/constants";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormField } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/submit-button";
import { apiValidationIssues } from "@/lib/api-error";
import { useChangePassword } from "../api/change-password";

const EMPTY: ChangePasswordFormInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Change Password: current, new (the registration rule) and its confirmation; cleared after a change. */
export function ChangePasswordForm({ username }: { username: string }) {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordFormInput, unknown, ChangePasswordFormData>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      reset(EMPTY);
    } catch (error) {
      for (const issue of apiValidationIssues(error)) {
        if (issue.path === "currentPassword" || issue.path === "newPassword") setError(issue.path, { message: issue.message });
      }
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Your other devices are signed out when it changes.</CardDescription>
      </CardHeader>
      <Form onSubmit={submit} className="px-6 pb-6">
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
        <FormField label="Current Password" type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...register("currentPassword")} />
        <FormField
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${TEXT_LIMITS.passwordMin} characters, with an uppercase letter, a lowercase letter and a number`}
          error={errors.newPassword?.message}
          {...register("newPassword")}
        />
        <FormField label="Confirm New Password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register("confirmPassword")} />
        <div className="flex justify-end">
          <SubmitButton pending={changePassword.isPending} pendingLabel="Changing..." className="w-full sm:w-auto">
            Change Password
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}
