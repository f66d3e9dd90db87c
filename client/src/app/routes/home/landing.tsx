import { ArrowRight, Hexagon } from "lucide-react";
import { Link } from "wouter";
import { CenteredPage } from "@/components/layouts/centered-page";
import { buttonClasses } from "@/components/ui/button";
import { usePageTitle } from "@/hooks/use-page-title";
import { siteName } from "@/lib/site";

export function LandingScreen() {
  usePageTitle("Welcome");
  return (
    <CenteredPage>
      <section className="relative w-full max-w-2xl text-center">
        <div
          aria-hidden
          className="pointer-events-none absolute left-1/2 top-0 -z-10 size-72 -translate-x-1/2 -translate-y-1/3 rounded-full bg-primary/20 blur-3xl"
        />
        <div className="mx-auto mb-8 grid size-16 place-items-center rounded-2xl bg-primary/10 ring-1 ring-primary/30">
          <Hexagon className="size-8 text-primary" aria-hidden />
        </div>
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          Welcome to <span className="bg-linear-to-r from-primary-hover to-primary bg-clip-text text-transparent">{siteName}</span>
        </h1>
        <p className="mt-5 text-base text-muted sm:text-lg">Please log in to view the site content</p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link href="/login" className={buttonClasses({ size: "lg" })}>
            Enter Now
            <ArrowRight aria-hidden />
          </Link>
          <Link href="/register" className={buttonClasses({ variant: "outline", size: "lg" })}>
            Get Invited
          </Link>
        </div>
      </section>
    </CenteredPage>
  );
}
