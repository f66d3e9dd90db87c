import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DisableTwoFactorInput } from "@shared/schemas/account-security";
import type { RecoveryCodesResponse, TwoFactorSetup, TwoFactorStatus } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";

export const twoFactorQueryKey = ["/api/auth/2fa"] as const;

/** GET /api/auth/2fa: whether two-factor sign-in is on, and how many recovery codes are left. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorQueryKey, queryFn: ({ signal }) => apiGet<TwoFactorStatus>(twoFactorQueryKey[0], signal) });
}

/** POST /api/auth/2fa/setup: a new secret and its QR code (not in force until enabled). */
export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: async () => (await (await apiRequest("POST", "/api/auth/2fa/setup")).json()) as TwoFactorSetup });
}

/** POST /api/auth/2fa/enable: answers the recovery codes, shown this once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await (await apiRequest("POST", "/api/auth/2fa/enable", { code })).json()) as RecoveryCodesResponse,
    onSuccess: () => {
      toast({ title: "Two-factor authentication enabled", description: "Save your recovery codes now" });
      void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
    },
  });
}

/** POST /api/auth/2fa/disable */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DisableTwoFactorInput) => {
      await apiRequest("POST", "/api/auth/2fa/disable", input);
    },
    onSuccess: () => {
      toast({ title: "Two-factor authentication disabled", description: "Your password alone signs you in again" });
      void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
    },
  });
}
