import type { ReactNode } from "react";

/** Centres a single message or card in the space below the navigation. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return <div className="flex flex-1 items-center justify-center px-4 py-12 sm:py-16">{children}</div>;
}
