import { House, Lock, LogIn } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { CLIENT_ROUTES } from "@shared/client-routes";
import { loginReturningTo } from "@shared/site-path";
import { NoticePage } from "@/components/notice-page";
import { buttonClasses } from "@/components/ui/button";
import { usePageTitle } from "@/hooks/use-page-title";

/** Shown in place of a screen a visitor must sign in for: Log In comes back to it (`/login?next=`). */
export function UnauthorizedScreen() {
  usePageTitle("Access Denied");
  const [path] = useLocation();
  const search = useSearch();
  const here = `${path}${search ? `?${search}` : ""}${typeof window === "undefined" ? "" : window.location.hash}`;
  const login = path === CLIENT_ROUTES.unauthorized ? CLIENT_ROUTES.login : loginReturningTo(here);
  return (
    <NoticePage icon={Lock} tone="destructive" title="Access Denied" message="You need to log in to access this page">
      <Link href={login} className={buttonClasses()}>
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
