import { lazy, Suspense, useRef, type ReactNode } from "react";
import { useLocation } from "wouter";
import { isPublicCardPath } from "@shared/public-card-path";
import { useSilence } from "@/hooks/use-silence";
import { SkipLink } from "./skip-link";
import { TopNav } from "./top-nav";
import { MAIN_CONTENT_ID, useRouteFocus } from "./use-route-focus";

// Only a silenced member sees it: kept out of everyone's first load (e2e/bundle-budget.spec.ts).
const SilenceNotice = lazy(() => import("@/components/silence-notice").then((module) => ({ default: module.SilenceNotice })));

/** The site's frame; a public bio card is a page of its own, shown without the site's navigation. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const standalone = isPublicCardPath(path);
  const main = useRef<HTMLElement>(null);
  const announcement = useRouteFocus(main);
  const silenced = useSilence() !== null;
  return (
    <div className="flex min-h-dvh flex-col">
      {!standalone && <SkipLink />}
      {!standalone && <TopNav />}
      {!standalone && silenced && (
        <Suspense fallback={null}>
          <SilenceNotice variant="banner" />
        </Suspense>
      )}
      <main ref={main} id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col focus:outline-none [&_h1:focus]:outline-none">
        {children}
      </main>
      {/* Says the new page's title after a route change. */}
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
