import type { ReactNode } from "react";
import { TopNav } from "./top-nav";

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopNav />
      <main className="flex flex-1 flex-col">{children}</main>
    </div>
  );
}
