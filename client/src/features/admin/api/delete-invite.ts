import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InviteListItem } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_DELETE_INVITE } from "../messages";
import { failureToast, successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

/** DELETE /api/invites/{id} (409 'Only unused invites can be deleted'). */
export async function deleteInvite(inviteId: number): Promise<void> {
  await apiRequest("DELETE", `/api/invites/${inviteId}`);
}

/** Deletes an unused invite; a failure toasts 'Failed to delete invite'. */
export function useDeleteInvite({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: Pick<InviteListItem, "id" | "code">) => deleteInvite(invite.id),
    onSuccess: (_result, invite) => {
      successToast("Invite deleted", invite.code);
      onSuccess?.();
    },
    onError: (error) => failureToast(FAILED_TO_DELETE_INVITE, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}
