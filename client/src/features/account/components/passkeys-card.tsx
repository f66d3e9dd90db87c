import { zodResolver } from "@hookform/resolvers/zod";
import { Fingerprint } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { PASSKEYS_PER_MEMBER, passkeyNameFormSchema, type PasskeyNameFormInput } from "@shared/schemas/passkeys";
import type { Passkey } from "@shared/types";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Form, FormField } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import { SubmitButton } from "@/components/ui/submit-button";
import { apiValidationIssues } from "@/lib/api-error";
import { formatDate, formatTimeAgo } from "@/lib/format-date";
import { useAddPasskey, usePasskeys, useRemovePasskey } from "../api/passkeys";

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  return (
    <li className="flex items-start gap-3 py-3" data-testid="passkey-row">
      <Fingerprint aria-hidden className="mt-0.5 size-5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm font-medium">{passkey.name}</p>
        <p className="text-xs text-muted">
          Added {formatDate(passkey.createdAt)} · {passkey.lastUsedAt ? `Last used ${formatTimeAgo(passkey.lastUsedAt)}` : "Never used"}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onRemove} aria-label={`Remove ${passkey.name}`}>
        Remove
      </Button>
    </li>
  );
}

/** Names the new passkey (the rule of shared/schemas/passkeys.ts), then the browser's prompt makes it. */
function AddPasskeyForm({ full }: { full: boolean }) {
  const add = useAddPasskey();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasskeyNameFormInput>({ resolver: zodResolver(passkeyNameFormSchema), defaultValues: { name: "" } });

  const submit = handleSubmit(async ({ name }) => {
    try {
      await add.mutateAsync(name);
      reset({ name: "" });
    } catch (error) {
      // The mutation's toast says why; a refused name shows under the field too, kept for another try.
      for (const issue of apiValidationIssues(error)) if (issue.path === "name") setError("name", { message: issue.message });
    }
  });

  if (full) return <p className="mt-4 text-sm text-muted">You hold {PASSKEYS_PER_MEMBER} passkeys, the most you may: remove one to add another.</p>;
  return (
    <Form className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submit}>
      <div className="min-w-0 flex-1">
        <FormField label="Passkey name" hint="Which device or key it is, e.g. Work laptop" error={errors.name?.message} {...register("name")} />
      </div>
      <SubmitButton pending={add.isPending} pendingLabel="Adding..." className="w-full sm:mt-7 sm:w-auto">
        Add passkey
      </SubmitButton>
    </Form>
  );
}

/**
 * Passkeys: the list (name, when added, last use), adding one (named, then the browser's prompt) and
 * removing one after a confirmation. Adding and removing ask for a fresh confirmation first.
 */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey>();
  const list = passkeys.data?.passkeys ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with your device's screen lock or a security key instead of your password and code. At most {PASSKEYS_PER_MEMBER}.
        </CardDescription>
      </CardHeader>
      <div className="px-6 pb-6">
        {passkeys.isPending ? (
          <Spinner className="py-6" />
        ) : passkeys.isError ? (
          <p className="text-sm text-destructive">Could not load your passkeys.</p>
        ) : (
          <>
            {list.length === 0 ? (
              <p className="text-sm text-muted">You have no passkeys.</p>
            ) : (
              <ul aria-label="Passkeys" className="divide-y divide-border border-y border-border">
                {list.map((passkey) => (
                  <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
                ))}
              </ul>
            )}
            <AddPasskeyForm full={list.length >= PASSKEYS_PER_MEMBER} />
          </>
        )}
      </div>
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        title="Remove this passkey?"
        description={`“${removing?.name ?? ""}” will no longer sign you in. The device may still list it: remove it there too.`}
        confirmLabel="Remove passkey"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(undefined) })}
      />
    </Card>
  );
}
