import { Construction } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { Card } from "@/components/ui/card";
import { usePageTitle } from "@/hooks/use-page-title";

/** Stands in for a screen that a later issue builds. */
export function ScreenPlaceholder({ title, subtitle }: { title: string; subtitle?: string }) {
  usePageTitle(title);
  return (
    <PageContainer>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {subtitle && <p className="mt-1 text-muted">{subtitle}</p>}
      <Card className="mt-6 flex items-center gap-3 p-6 text-sm text-muted">
        <Construction className="size-5 shrink-0 text-primary" aria-hidden />
        This screen is built in a later issue.
      </Card>
    </PageContainer>
  );
}
