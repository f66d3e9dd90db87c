import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  type DisableTwoFactorInput,
  type EnableTwoFactorInput,
} from "@shared/schemas/account-security";
import type { TwoFactorSetup } from "@shared/types";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormField } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import { SubmitButton } from "@/components/ui/submit-button";
import { apiErrorMessage } from "@/lib/api-error";
import { copyText } from "@/lib/clipboard";
import { siteName } from "@/lib/site";
import { toast } from "@/lib/toast";
import { useDisableTwoFactor, useEnableTwoFactor, useSetUpTwoFactor, useTwoFactorStatus } from "../api/two-factor";
import { showApiErrors } from "../utils/api-field-errors";

/** Scan the QR code (or type the secret), then confirm with a code from the app. */
function EnableForm({ setup, onEnabled, onCancel }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const enable = useEnableTwoFactor();
  const form = useForm<EnableTwoFactorInput, unknown, { code: string }>({ resolver: zodResolver(enableTwoFactorSchema), defaultValues: { code: "" } });
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      onEnabled((await enable.mutateAsync(code)).recoveryCodes);
    } catch (error) {
      showApiErrors(error, form.setError, ["code"], "code");
    }
  });

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <img src={setup.qrDataUrl} alt="QR code for your authenticator app" width={180} height={180} className="mx-auto rounded-md bg-white p-1 sm:mx-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <p className="text-sm text-muted">Scan the code with an authenticator app, or enter this key by hand:</p>
        <code data-testid="two-factor-secret" className="break-all rounded-md bg-surface-raised px-2 py-1 font-mono text-sm">
          {setup.secret}
        </code>
        <Form onSubmit={submit}>
          <FormField
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={form.formState.errors.code?.message}
            {...form.register("code")}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
            <SubmitButton pending={enable.isPending} pendingLabel="Enabling..." className="sm:w-auto">
              Enable
            </SubmitButton>
          </div>
        </Form>
      </div>
    </div>
  );
}

/** The recovery codes, shown this once, with Copy and Download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join("\n") + "\n";
  const copy = async () =>
    toast((await copyText(text)) ? { title: "Copied", description: "Your recovery codes are on the clipboard" } : { variant: "destructive", title: "Could not copy", description: "Select the codes and copy them by hand" });
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: `${siteName.toLowerCase()}-recovery-codes.txt` });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        Save these recovery codes somewhere safe. Each signs you in once if you lose your app. <strong>They are shown only now.</strong>
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-surface-raised p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={copy}>
          Copy
        </Button>
        <Button variant="outline" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** Turning it off takes the password and a code (or a recovery code). */
function DisableForm() {
  const disable = useDisableTwoFactor();
  const form = useForm<DisableTwoFactorInput>({ resolver: zodResolver(disableTwoFactorSchema), defaultValues: { password: "", code: "" } });
  const submit = form.handleSubmit(async (input) => {
    try {
      await disable.mutateAsync(input);
    } catch (error) {
      showApiErrors(error, form.setError, ["password", "code"], "code");
    }
  });

  return (
    <Form onSubmit={submit}>
      <FormField label="Password" type="password" autoComplete="current-password" error={form.formState.errors.password?.message} {...form.register("password")} />
      <FormField
        label="Code from the app or a recovery code"
        autoComplete="one-time-code"
        error={form.formState.errors.code?.message}
        {...form.register("code")}
      />
      <div className="flex justify-end">
        <SubmitButton pending={disable.isPending} pendingLabel="Turning off..." className="sm:w-auto">
          Turn off two-factor authentication
        </SubmitButton>
      </div>
    </Form>
  );
}

/** Two-factor authentication: set up with a QR code, recovery codes shown once, turned off with password and code. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const setUp = useSetUpTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = async () => {
    try {
      setSetup(await setUp.mutateAsync());
    } catch (error) {
      toast({ variant: "destructive", title: "Could not set up two-factor authentication", description: apiErrorMessage(error) });
    }
  };

  let body;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (status.isPending) body = <Spinner className="py-6" />;
  else if (status.isError) body = <p className="text-sm text-destructive">Could not load your two-factor settings.</p>;
  else if (status.data.enabled) {
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm">
          <span className="font-medium text-success">On.</span> Signing in asks for a code from your app. {status.data.recoveryCodesLeft} recovery codes left.
        </p>
        <DisableForm />
      </div>
    );
  } else if (setup) {
    body = (
      <EnableForm
        setup={setup}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted">Off. Add a code from an authenticator app to your password.</p>
        <Button onClick={start} disabled={setUp.isPending} className="sm:self-end">
          Set up two-factor authentication
        </Button>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>A code from your phone, asked for after your password.</CardDescription>
      </CardHeader>
      <div className="px-6 pb-6">{body}</div>
    </Card>
  );
}
