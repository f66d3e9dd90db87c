import { StrictMode } from "react";
import { AppLayout } from "./layout/app-layout";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

/** The whole app, as main.tsx mounts it and the build draws it (prerender.tsx): one tree, so a drawn screen hydrates. */
export function App() {
  return (
    <StrictMode>
      <AppProviders>
        <AppLayout>
          <AppRouter />
        </AppLayout>
      </AppProviders>
    </StrictMode>
  );
}
