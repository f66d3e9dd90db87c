import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { loginSchema, type LoginData, type LoginInput } from "@shared/schemas/auth";
import { Form, FormField } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/submit-button";
import { requireAllFields } from "@/lib/require-all-fields";
import { useLogin } from "../api/login";

export function LoginForm() {
  const login = useLogin();
  const form = useForm<LoginInput, unknown, LoginData>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });
  const {
    register,
    formState: { errors },
  } = form;
  // A failure is the mutation's toast.
  const submit = requireAllFields(form, (credentials) => login.mutateAsync(credentials).catch(() => {}));

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
    </Form>
  );
}
