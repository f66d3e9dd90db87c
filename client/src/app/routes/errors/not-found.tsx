import { CenteredPage } from "@/components/layouts/centered-page";
import { usePageTitle } from "@/hooks/use-page-title";

export function NotFoundScreen() {
  usePageTitle("Page Not Found");
  return (
    <CenteredPage>
      <section className="text-center">
        <p className="bg-linear-to-b from-primary-hover to-primary bg-clip-text text-8xl font-bold tracking-tighter text-transparent sm:text-9xl">
          404
        </p>
        <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">Page Not Found</h1>
        <p className="mt-3 max-w-md text-muted">The page you're looking for doesn't exist or has been moved.</p>
      </section>
    </CenteredPage>
  );
}
