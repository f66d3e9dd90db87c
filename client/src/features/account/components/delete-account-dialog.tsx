import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { deleteAccountSchema, type DeleteAccountInput } from "@shared/schemas/account-security";
import { DEFAULT_SELF_DELETION_CONTENT, DELETION_ALWAYS_GOES, DELETION_CONTENT_TEXT, DELETION_KEEPS_OTHERS, SELF_DELETION_CONTENT_MODES } from "@shared/member-deletion";
import { Button } from "@/components/ui/button";
import { ChoiceCard } from "@/components/ui/choice-card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Form, FormField } from "@/components/ui/form";
import { useDeleteAccount } from "../api/delete-account";
import { showApiErrors } from "../utils/api-field-errors";

/**
 * The member chooses what becomes of what they wrote (kept as Deleted member, the default, or
 * erased), each choice saying what stays and what goes; the password confirms the deletion; a
 * refusal (wrong password, the only administrator) shows under it.
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const deleteAccount = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: "", content: DEFAULT_SELF_DELETION_CONTENT } });
  const content = form.watch("content");
  const submit = form.handleSubmit(async (input) => {
    try {
      await deleteAccount.mutateAsync(input);
    } catch (error) {
      showApiErrors(error, form.setError, ["password"], "password");
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (deleteAccount.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-md">
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>{DELETION_ALWAYS_GOES.self} You are signed out everywhere. This cannot be undone.</DialogDescription>
        <Form onSubmit={submit} className="mt-4">
          <fieldset className="flex flex-col gap-2" disabled={deleteAccount.isPending}>
            <legend className="mb-2 text-sm font-medium">What you wrote</legend>
            {SELF_DELETION_CONTENT_MODES.map((mode) => (
              <ChoiceCard
                key={mode}
                value={mode}
                {...form.register("content")}
                selected={content === mode}
                label={DELETION_CONTENT_TEXT[mode].label}
                description={DELETION_CONTENT_TEXT[mode].self}
              />
            ))}
          </fieldset>
          <p className="text-sm text-muted">{DELETION_KEEPS_OTHERS}</p>
          <FormField label="Password" type="password" autoComplete="current-password" error={form.formState.errors.password?.message} {...form.register("password")} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={deleteAccount.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={deleteAccount.isPending}>
              {deleteAccount.isPending ? "Deleting..." : "Delete my account"}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
