import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ConfirmPasswordDialog } from "@/components/confirm-password-dialog";
import { Toaster } from "@/components/ui/toaster";
import { AccountTheme } from "./account-theme";
import { PresenceConnection } from "./presence-connection";
import { queryClient } from "@/lib/query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PresenceConnection />
      <AccountTheme />
      {children}
      <ConfirmPasswordDialog />
      <Toaster />
    </QueryClientProvider>
  );
}
