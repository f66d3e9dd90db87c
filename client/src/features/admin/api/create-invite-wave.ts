import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InviteWaveResponse } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_CREATE_INVITE_WAVE } from "../messages";
import { failureToast, successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

/** POST /api/admin/invite-wave: an invite (30 days) for every member who is not banned. */
export async function createInviteWave(): Promise<InviteWaveResponse> {
  const response = await apiRequest("POST", "/api/admin/invite-wave");
  return (await response.json()) as InviteWaveResponse;
}

/** Sends an invite wave; the toast tells how many members got one. A failure toasts 'Failed to create invite wave'. */
export function useCreateInviteWave({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInviteWave,
    onSuccess: ({ successCount, totalUsers }) => {
      successToast("Invite wave sent", `Invites created for ${successCount} of ${totalUsers} users`);
      onSuccess?.();
    },
    onError: (error) => failureToast(FAILED_TO_CREATE_INVITE_WAVE, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}
