import { UserPlus } from "lucide-react";
import { CenteredPage } from "@/components/layouts/centered-page";
import { FormCard } from "@/components/ui/form-card";
import { TextLink } from "@/components/ui/text-link";
import { RegisterForm } from "@/features/auth/components/register-form";
import { usePageTitle } from "@/hooks/use-page-title";
import { siteName } from "@/lib/site";

export function RegisterScreen() {
  usePageTitle("Register");
  return (
    <CenteredPage>
      <FormCard
        icon={UserPlus}
        title="Create your account"
        description={`Join ${siteName} with your invite code`}
        footer={
          <>
            Already have an account? <TextLink href="/login">Sign in</TextLink>
          </>
        }
      >
        <RegisterForm />
      </FormCard>
    </CenteredPage>
  );
}
