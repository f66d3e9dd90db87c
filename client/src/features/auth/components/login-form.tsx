import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { loginSchema, type LoginData, type LoginInput } from "@shared/schemas/auth";
import { Button } from "@/components/ui/button";
import { Form, FormField } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/submit-button";
import { requireAllFields } from "@/lib/require-all-fields";
import { needsSecondStep, useLogin, usePasskeySignIn } from "../api/login";
import { LoginSecondStep } from "./login-second-step";

export function LoginForm() {
  const login = useLogin();
  const passkeySignIn = usePasskeySignIn();
  const form = useForm<LoginInput, unknown, LoginData>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });
  const {
    register,
    formState: { errors },
  } = form;
  // With two-factor sign-in on, a right password leads to the code step.
  const [secondStep, setSecondStep] = useState(false);
  // A failure is the mutation's toast.
  const submit = requireAllFields(form, async (credentials) => {
    const answer = await login.mutateAsync(credentials).catch(() => null);
    if (answer && needsSecondStep(answer)) setSecondStep(true);
  });

  if (secondStep) return <LoginSecondStep onBack={() => setSecondStep(false)} />;

  return (
    <Form onSubmit={submit}>
      <FormField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register("username")}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <SubmitButton pending={login.isPending} pendingLabel="Logging in..." className="mt-2">
        Login
      </SubmitButton>
      {/* No username needed: the device offers the passkeys it holds for this site. A failure is the mutation's toast. */}
      <Button type="button" variant="outline" className="w-full" disabled={passkeySignIn.isPending} onClick={() => passkeySignIn.mutate()}>
        {passkeySignIn.isPending ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
    </Form>
  );
}
