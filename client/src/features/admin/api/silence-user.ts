import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SilenceInput } from "@shared/schemas/moderation";
import type { AdminUser } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format-date";
import { FAILED_TO_SILENCE_USER, FAILED_TO_UNSILENCE_USER } from "../messages";
import { failureToast, successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

interface SilenceResponse {
  message: string;
  user: AdminUser;
}

/** POST /api/admin/users/{id}/silence { days, reason }: the member reads but cannot write until then. */
export function useSilenceUser({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, silence }: { userId: number; silence: SilenceInput }) =>
      (await (await apiRequest("POST", `/api/admin/users/${userId}/silence`, silence)).json()) as SilenceResponse,
    onSuccess: ({ user }) => {
      successToast("User silenced", `${user.username} is silenced until ${formatDateTime(user.silencedUntil!)}`);
      onSuccess?.();
    },
    onError: (error) => failureToast(FAILED_TO_SILENCE_USER, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}

/** DELETE /api/admin/users/{id}/silence. */
export function useUnsilenceUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (user: Pick<AdminUser, "id">) => (await (await apiRequest("DELETE", `/api/admin/users/${user.id}/silence`)).json()) as SilenceResponse,
    onSuccess: ({ user }) => successToast("Silence lifted", `${user.username} can write again`),
    onError: (error) => failureToast(FAILED_TO_UNSILENCE_USER, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}
