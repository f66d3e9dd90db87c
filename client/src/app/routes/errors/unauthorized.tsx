import { House, Lock, LogIn } from "lucide-react";
import { Link } from "wouter";
import { CenteredPage } from "@/components/layouts/centered-page";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { usePageTitle } from "@/hooks/use-page-title";

export function UnauthorizedScreen() {
  usePageTitle("Access Denied");
  return (
    <CenteredPage>
      <Card className="w-full max-w-md px-6 py-10 text-center sm:px-10">
        <div className="mx-auto mb-6 grid size-14 place-items-center rounded-full bg-destructive/10 ring-1 ring-destructive/30">
          <Lock className="size-6 text-destructive" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold">Access Denied</h1>
        <p className="mt-2 text-muted">You need to log in to access this page</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link href="/login" className={buttonClasses()}>
            <LogIn aria-hidden />
            Log In
          </Link>
          <Link href="/" className={buttonClasses({ variant: "outline" })}>
            <House aria-hidden />
            Back to Home
          </Link>
        </div>
      </Card>
    </CenteredPage>
  );
}
