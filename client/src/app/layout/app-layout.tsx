import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { isPublicCardPath } from "../public-card-path";
import { TopNav } from "./top-nav";

/** The site's frame; a public bio card is a page of its own, shown without the site's navigation. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const standalone = isPublicCardPath(path);
  return (
    <div className="flex min-h-dvh flex-col">
      {!standalone && <TopNav />}
      <main className="flex flex-1 flex-col">{children}</main>
    </div>
  );
}
