import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { deleteAccountSchema, type DeleteAccountInput } from "@shared/schemas/account-security";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Form, FormField } from "@/components/ui/form";
import { useDeleteAccount } from "../api/delete-account";
import { showApiErrors } from "../utils/api-field-errors";

/** The password confirms the deletion; a refusal (wrong password, the only administrator) shows under it. */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const deleteAccount = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: "" } });
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
        <DialogDescription>
          Your posts, topics, comments, bio card, links and uploads are removed for good, and you are signed out everywhere. This cannot be undone.
        </DialogDescription>
        <Form onSubmit={submit} className="mt-4">
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
