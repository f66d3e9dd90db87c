import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ACCESS_TOKENS_PER_MEMBER, createAccessTokenSchema, type AccessToken, type CreatedAccessToken } from "@shared/schemas/access-tokens";
import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Form, FormField } from "@/components/ui/form";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatTimeAgo } from "@/lib/format-date";
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from "../api/access-tokens";

const EXPIRY_CHOICES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "7", label: "7 days" },
  { value: "", label: "Never" },
];

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= Date.now();
  return (
    <li className="flex items-start gap-3 py-3" data-testid="token-row">
      <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm font-medium">
          {token.name}
          <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-surface-raised px-2 py-0.5 text-xs font-medium text-foreground">
            {token.scopes.length > 1 ? "Read and write" : "Read only"}
          </span>
        </p>
        <p className="text-xs text-muted">
          Created {formatDate(token.createdAt)} · {token.expiresAt ? `${expired ? "Expired" : "Expires"} ${formatDate(token.expiresAt)}` : "Never expires"} ·{" "}
          {token.lastUsedAt ? `Last used ${formatTimeAgo(token.lastUsedAt)}` : "Never used"}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onRevoke} aria-label={`Revoke ${token.name}`}>
        Revoke
      </Button>
    </li>
  );
}

/** The secret of a token just made: shown this once, with a copy button. */
function NewTokenSecret({ created, onDone }: { created: CreatedAccessToken; onDone: () => void }) {
  return (
    <div className="mt-4 rounded-control border border-primary/40 bg-primary/5 p-4" role="status">
      <p className="text-sm font-medium">Copy your new token now: it will not be shown again.</p>
      <div className="mt-2 flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-control bg-background px-2 py-1.5 font-mono text-xs" data-testid="new-token">
          {created.token}
        </code>
        <CopyButton text={created.token} label="Copy token" copiedMessage="Token copied" />
      </div>
      <div className="mt-3 flex justify-end">
        <Button variant="outline" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedAccessToken) => void }) {
  const create = useCreateAccessToken();
  const [name, setName] = useState("");
  const [write, setWrite] = useState(false);
  const [expiry, setExpiry] = useState(EXPIRY_CHOICES[0]!.value);
  const [error, setError] = useState<string>();

  // Returns the server call's promise: Form drops a second submit until it settles (a fast double click would make two tokens).
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createAccessTokenSchema.safeParse({
      name,
      scopes: write ? ["read", "write"] : ["read"],
      ...(expiry ? { expiresInDays: Number(expiry) } : {}),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      const created = await create.mutateAsync(parsed.data);
      setName("");
      onCreated(created);
    } catch {
      // The mutation's toast says why; the name stays for another try.
    }
  };

  return (
    <Form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit}>
      <div className="sm:col-span-2">
        <FormField label="Token name" hint="What will use it, e.g. a backup script" value={name} error={error} onChange={(event) => setName(event.target.value)} />
      </div>
      <Field label="Access">
        {(control) => (
          <Select {...control} value={write ? "write" : "read"} onChange={(event) => setWrite(event.target.value === "write")}>
            <option value="read">Read only</option>
            <option value="write">Read and write</option>
          </Select>
        )}
      </Field>
      <Field label="Expires after">
        {(control) => (
          <Select {...control} value={expiry} onChange={(event) => setExpiry(event.target.value)}>
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" className="w-full sm:w-auto" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create token"}
        </Button>
      </div>
    </Form>
  );
}

/**
 * Personal access tokens: the list (name, access, expiry, last use), making one (its secret shown
 * once) and revoking one after a confirmation.
 */
export function AccessTokensCard() {
  const tokens = useAccessTokens();
  const revoke = useRevokeAccessToken();
  const [created, setCreated] = useState<CreatedAccessToken>();
  const [revoking, setRevoking] = useState<AccessToken>();
  const list = tokens.data?.tokens ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Access tokens</CardTitle>
        <CardDescription>
          Let a script or an app use the API as you, with <code className="font-mono">Authorization: Bearer</code>. Tokens cannot change your password, email,
          two-factor sign-in or sessions. At most {ACCESS_TOKENS_PER_MEMBER}.
        </CardDescription>
      </CardHeader>
      <div className="px-6 pb-6">
        {tokens.isPending ? (
          <Spinner className="py-6" />
        ) : tokens.isError ? (
          <p className="text-sm text-destructive">Could not load your tokens.</p>
        ) : (
          <>
            {list.length === 0 ? (
              <p className="text-sm text-muted">You have no tokens.</p>
            ) : (
              <ul aria-label="Access tokens" className="divide-y divide-border border-y border-border">
                {list.map((token) => (
                  <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
                ))}
              </ul>
            )}
            {created ? <NewTokenSecret created={created} onDone={() => setCreated(undefined)} /> : <CreateTokenForm onCreated={setCreated} />}
          </>
        )}
      </div>
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => !open && setRevoking(undefined)}
        title="Revoke this token?"
        description={`Anything using “${revoking?.name ?? ""}” will no longer reach your account. This cannot be undone.`}
        confirmLabel="Revoke token"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(undefined) })}
      />
    </Card>
  );
}
