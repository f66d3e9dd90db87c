import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Form, FormField } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/submit-button";
import { apiErrorMessage, hasStatus } from "@/lib/api-error";
import { useLoginSecondStep } from "../api/login";

/**
 * The second step of a sign-in with two-factor authentication on: the code from the app, or a
 * recovery code. A wrong one is the mutation's toast; Back returns to the password.
 */
export function LoginSecondStep({ onBack }: { onBack: () => void }) {
  const secondStep = useLoginSecondStep();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = value.replace(/\s/g, "");
    if (!useRecovery && !/^\d{6}$/.test(typed)) return setError("Enter the 6-digit code from your app");
    if (useRecovery && typed === "") return setError("Enter a recovery code");
    setError(undefined);
    await secondStep.mutateAsync(useRecovery ? { recoveryCode: typed } : { code: typed }).catch((failure: unknown) => {
      setValue("");
      // Past its 5 minutes the sign-in starts again from the password.
      if (hasStatus(failure, 401) && apiErrorMessage(failure).startsWith("Sign-in expired")) onBack();
    });
  };

  return (
    <Form onSubmit={submit}>
      <p className="text-sm text-muted">
        {useRecovery ? "Enter one of the recovery codes you saved." : "Enter the 6-digit code from your authenticator app."}
      </p>
      <FormField
        key={useRecovery ? "recovery" : "code"}
        label={useRecovery ? "Recovery code" : "Authentication code"}
        autoComplete="one-time-code"
        autoFocus
        inputMode={useRecovery ? "text" : "numeric"}
        autoCapitalize="characters"
        spellCheck={false}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
      />
      <SubmitButton pending={secondStep.isPending} pendingLabel="Verifying..." className="mt-2">
        Verify
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          Back
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue("");
            setError(undefined);
          }}
        >
          {useRecovery ? "Use a code from the app" : "Use a recovery code"}
        </Button>
      </div>
    </Form>
  );
}
