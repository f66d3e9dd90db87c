import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { CONFIRM_REQUIRED_MESSAGE, CONFIRMATION_MINUTES } from "@shared/policies/fresh-confirmation";
import { confirmPasswordSchema, type ConfirmPasswordInput } from "@shared/schemas/account-security";
import type { ConfirmationAnswer, CurrentUser, PasskeyRequestOptions } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { answerWithPasskey, passkeyErrorMessage } from "@/lib/passkeys";
import { confirmationStore } from "@/lib/confirmation-store";
import { currentUserQueryKey } from "@/lib/query-keys";
import { Button } from "./ui/button";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog";
import { Form, FormField } from "./ui/form";

/**
 * Asks for the password, or one of the member's passkeys (POST /api/auth/confirm, whose window the
 * current user then carries); confirmed, the change that asked is made; cancelled, it fails with the
 * server's refusal. A wrong password or passkey (which counts towards the sign-in lockout), a closed
 * passkey prompt or a lock shows under the field.
 */
export function ConfirmPasswordDialogContent({ open }: { open: boolean }) {
  const queryClient = useQueryClient();
  const form = useForm<ConfirmPasswordInput>({ resolver: zodResolver(confirmPasswordSchema), defaultValues: { password: "" } });
  const [pending, setPending] = useState(false);
  const settle = (confirmed: boolean) => {
    form.reset();
    confirmationStore.settle(confirmed);
  };
  /** Sends the proof; confirmed, the window is the current user's and the change that asked goes on. */
  const confirmWith = async (proof: () => Promise<unknown>, messageOf: (error: unknown) => string) => {
    setPending(true);
    try {
      // The whole answer: the session's row holds the window before its last byte comes.
      const { confirmedUntil } = (await (await apiRequest("POST", "/api/auth/confirm", await proof())).json()) as ConfirmationAnswer;
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) => user && { ...user, confirmedUntil });
      settle(true);
    } catch (error) {
      form.setError("password", { message: messageOf(error) }, { shouldFocus: true });
    } finally {
      setPending(false);
    }
  };
  const submit = form.handleSubmit((input) => confirmWith(async () => input, apiErrorMessage));
  // The passkey sign-in's challenge, answered by a passkey of this account (the device offers its passkeys for the site).
  const confirmWithPasskey = () =>
    confirmWith(async () => {
      const options = (await (await apiRequest("POST", "/api/auth/passkey/options")).json()) as PasskeyRequestOptions;
      return { passkey: await answerWithPasskey(options) };
    }, passkeyErrorMessage);

  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : settle(false))}>
      <DialogContent className="max-w-md">
        <DialogTitle>{CONFIRM_REQUIRED_MESSAGE}</DialogTitle>
        <DialogDescription>This change needs your password once more. You will not be asked again for {CONFIRMATION_MINUTES} minutes.</DialogDescription>
        <Form onSubmit={submit} className="mt-4">
          <FormField label="Password" type="password" autoComplete="current-password" error={form.formState.errors.password?.message} {...form.register("password")} />
          <Button type="button" variant="outline" className="w-full" disabled={pending} onClick={() => void confirmWithPasskey()}>
            Use a passkey instead
          </Button>
          <DialogActions pending={pending}>
            <Button type="submit" disabled={pending}>
              {pending && <LoaderCircle className="animate-spin" aria-hidden />}
              {pending ? "Confirming..." : "Confirm"}
            </Button>
          </DialogActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
