import { Home, MessagesSquare } from "lucide-react";
import { Link } from "wouter";
import { CLIENT_ROUTES } from "@shared/client-routes";
import { CenteredPage } from "@/components/layouts/centered-page";
import { buttonClasses } from "@/components/ui/button";
import { usePageTitle } from "@/hooks/use-page-title";

/**
 * A member's screen at any path that is no screen (the server answers it 404 too): the spec's texts
 * and the ways on. A visitor sees the welcome page there instead (router.tsx).
 */
export function NotFoundScreen() {
  usePageTitle("Page Not Found");
  return (
    <CenteredPage>
      <section className="flex flex-col items-center text-center">
        <p className="bg-linear-to-b from-primary-hover to-primary bg-clip-text text-8xl font-bold tracking-tighter text-transparent sm:text-9xl">
          404
        </p>
        <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">Page Not Found</h1>
        <p className="mt-3 max-w-md text-muted">The page you're looking for doesn't exist or has been moved.</p>
        <nav aria-label="Ways on" className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link href={CLIENT_ROUTES.home} className={buttonClasses()}>
            <Home aria-hidden />
            Back to Home
          </Link>
          <Link href={CLIENT_ROUTES.forum} className={buttonClasses({ variant: "outline" })}>
            <MessagesSquare aria-hidden />
            Forum
          </Link>
        </nav>
      </section>
    </CenteredPage>
  );
}
