import { House, Lock, LogIn } from "lucide-react";
import { Link } from "wouter";
import { NoticePage } from "@/components/notice-page";
import { buttonClasses } from "@/components/ui/button";
import { usePageTitle } from "@/hooks/use-page-title";

export function UnauthorizedScreen() {
  usePageTitle("Access Denied");
  return (
    <NoticePage icon={Lock} tone="destructive" title="Access Denied" message="You need to log in to access this page">
      <Link href="/login" className={buttonClasses()}>
        <LogIn aria-hidden />
        Log In
      </Link>
      <Link href="/" className={buttonClasses({ variant: "outline" })}>
        <House aria-hidden />
        Back to Home
      </Link>
    </NoticePage>
  );
}
