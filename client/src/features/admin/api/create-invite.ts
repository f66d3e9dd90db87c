import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InviteListItem } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_CREATE_INVITE } from "../messages";
import { failureToast, successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

/** POST /api/invites with no body → 201, an unassigned invite that never expires. */
export async function createInvite(): Promise<InviteListItem> {
  const response = await apiRequest("POST", "/api/invites");
  return (await response.json()) as InviteListItem;
}

/** Creates an invite code; the table is refreshed, a failure toasts 'Failed to create invite'. */
export function useCreateInvite({ onSuccess }: { onSuccess?: (invite: InviteListItem) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: (invite) => {
      successToast("Invite created", invite.code);
      onSuccess?.(invite);
    },
    onError: (error) => failureToast(FAILED_TO_CREATE_INVITE, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}
