import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { DeleteAccountInput } from "@shared/schemas/account-security";
import { apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { currentUserQueryKey } from "@/lib/query-keys";

/** Where the member's data is downloaded from: a zip the browser saves (GET /api/auth/export). */
export const EXPORT_URL = "/api/auth/export";

/** DELETE /api/auth/account: signed out everywhere; the cache forgets everything and the home page opens. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (input: DeleteAccountInput) => {
      await apiRequest("DELETE", "/api/auth/account", input);
    },
    onSuccess: () => {
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      toast({ title: "Account deleted", description: "Your account is gone" });
      navigate("/");
    },
  });
}
