import { zodResolver } from "@hookform/resolvers/zod";
import { Info } from "lucide-react";
import { useForm } from "react-hook-form";
import { TEXT_LIMITS, USERNAME_RULE_TEXT } from "@shared/constants";
import { registerSchema, type RegisterData, type RegisterInput } from "@shared/schemas/auth";
import { Form, FormField } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/submit-button";
import { requireAllFields } from "@/lib/require-all-fields";
import { useRegister } from "../api/register";

export function RegisterForm() {
  const registration = useRegister();
  const form = useForm<RegisterInput, unknown, RegisterData>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: "", password: "", inviteCode: "" },
  });
  const {
    register,
    formState: { errors },
  } = form;
  // A failure is the mutation's toast.
  const submit = requireAllFields(form, (account) => registration.mutateAsync(account).catch(() => {}));

  return (
    <Form onSubmit={submit}>
      <p className="flex gap-2.5 rounded-control border border-primary/30 bg-primary/10 px-3 py-2.5 text-sm text-foreground">
        <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        This service is invite-only. You need a valid invite code to register.
      </p>
      <FormField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={USERNAME_RULE_TEXT}
        error={errors.username?.message}
        {...register("username")}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${TEXT_LIMITS.passwordMin} characters, with an uppercase letter, a lowercase letter and a number`}
        error={errors.password?.message}
        {...register("password")}
      />
      {/* Shown upper-case as typed; the schema upper-cases the value that is sent. */}
      <FormField
        label="Invite Code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="font-mono tracking-widest uppercase"
        error={errors.inviteCode?.message}
        {...register("inviteCode")}
      />
      <SubmitButton pending={registration.isPending} pendingLabel="Registering..." className="mt-2">
        Register
      </SubmitButton>
    </Form>
  );
}
