import { LogIn } from "lucide-react";
import { CenteredPage } from "@/components/layouts/centered-page";
import { FormCard } from "@/components/ui/form-card";
import { TextLink } from "@/components/ui/text-link";
import { LoginForm } from "@/features/auth/components/login-form";
import { usePageTitle } from "@/hooks/use-page-title";
import { siteName } from "@/lib/site";

export function LoginScreen() {
  usePageTitle("Login");
  return (
    <CenteredPage>
      <FormCard
        icon={LogIn}
        title="Welcome back"
        description={`Sign in to your ${siteName} account`}
        footer={
          <>
            New here? <TextLink href="/register">Get invited</TextLink>
          </>
        }
      >
        <LoginForm />
        <p className="mt-4 text-center text-sm">
          <TextLink href="/forgot-password">Forgot password?</TextLink>
        </p>
      </FormCard>
    </CenteredPage>
  );
}
