import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PasskeyCreationOptions, PasskeysResponse, Passkey } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";
import { createPasskey, passkeyErrorMessage } from "@/lib/passkeys";
import { toast } from "@/lib/toast";

export const passkeysQueryKey = ["/api/auth/passkeys"] as const;

/** GET /api/auth/passkeys: the member's passkeys (names and dates). */
export function usePasskeys() {
  return useQuery({ queryKey: passkeysQueryKey, queryFn: ({ signal }) => apiGet<PasskeysResponse>(passkeysQueryKey[0], signal) });
}

/**
 * Adds a passkey named `name`: the server's options (a fresh confirmation first, asked by the API
 * client when needed), the browser's prompt, then the answer with the name.
 */
async function addPasskey(name: string): Promise<Passkey> {
  const options = (await (await apiRequest("POST", "/api/auth/passkeys/options")).json()) as PasskeyCreationOptions;
  const response = await createPasskey(options);
  return (await (await apiRequest("POST", "/api/auth/passkeys", { name, response })).json()) as Passkey;
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: (passkey) => toast({ title: "Passkey added", description: `You can sign in with “${passkey.name}”` }),
    onError: (error) => toast({ variant: "destructive", title: "Could not add the passkey", description: passkeyErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

/** DELETE /api/auth/passkeys/{id} */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => void (await apiRequest("DELETE", `/api/auth/passkeys/${id}`)),
    onSuccess: () => toast({ title: "Passkey removed", description: "It can no longer sign you in" }),
    onError: (error) => toast({ variant: "destructive", title: "Could not remove the passkey", description: passkeyErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
