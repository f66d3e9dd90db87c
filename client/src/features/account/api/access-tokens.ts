import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccessTokensResponse, CreateAccessTokenInput, CreatedAccessToken } from "@shared/schemas/access-tokens";
import { apiGet, apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";

export const accessTokensQueryKey = ["/api/tokens"] as const;

/** GET /api/tokens: the member's personal access tokens (never their secrets). */
export function useAccessTokens() {
  return useQuery({ queryKey: accessTokensQueryKey, queryFn: ({ signal }) => apiGet<AccessTokensResponse>(accessTokensQueryKey[0], signal) });
}

/** POST /api/tokens: answers the new token with its secret, which the screen shows this once. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateAccessTokenInput) => (await (await apiRequest("POST", "/api/tokens", input)).json()) as CreatedAccessToken,
    onError: (error) => toast({ variant: "destructive", title: "Could not create the token", description: apiErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey }),
  });
}

/** DELETE /api/tokens/{id} */
export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => void (await apiRequest("DELETE", `/api/tokens/${id}`)),
    onSuccess: () => toast({ title: "Token revoked", description: "Anything using it can no longer reach your account" }),
    onError: (error) => toast({ variant: "destructive", title: "Could not revoke the token", description: apiErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey }),
  });
}
