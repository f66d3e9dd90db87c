import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MemberSessionsResponse } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";

export const sessionsQueryKey = ["/api/auth/sessions"] as const;

/** GET /api/auth/sessions: where the member is signed in. */
export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => apiGet<MemberSessionsResponse>(sessionsQueryKey[0], signal) });
}

/** DELETE /api/auth/sessions/{id}, or DELETE /api/auth/sessions (every other one) without an id. */
async function endSessions(id?: string): Promise<void> {
  await apiRequest("DELETE", id === undefined ? "/api/auth/sessions" : `/api/auth/sessions/${encodeURIComponent(id)}`);
}

export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSessions,
    onSuccess: (_data, id) =>
      toast(id === undefined ? { title: "Signed out", description: "Every other session has been signed out" } : { title: "Signed out", description: "That session has been signed out" }),
    onError: (error) => toast({ variant: "destructive", title: "Could not sign out", description: apiErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
