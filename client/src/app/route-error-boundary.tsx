import type { ReactNode } from "react";
import { ErrorBoundary } from "@/components/error-boundary";
import { RenderErrorScreen } from "./routes/errors/render-error";
import { ServerDrawnScreenTakenOver } from "./server-drawn-screen";

/** Every screen renders inside one (the router keys it by path, so navigating away starts afresh). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(reset) => (
        <>
          <RenderErrorScreen onRetry={reset} />
          <ServerDrawnScreenTakenOver />
        </>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
