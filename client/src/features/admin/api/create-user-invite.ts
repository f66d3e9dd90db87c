import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUser, InviteListItem } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_CREATE_INVITE } from "../messages";
import { failureToast, successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

/** POST /api/admin/users/{id}/invite → 201, an invite assigned to that member (expires in 30 days). */
export async function createUserInvite(userId: number): Promise<InviteListItem> {
  const response = await apiRequest("POST", `/api/admin/users/${userId}/invite`);
  return (await response.json()) as InviteListItem;
}

/** Gives a member an invite code to share; a failure toasts 'Failed to create invite'. */
export function useCreateUserInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<AdminUser, "id" | "username">) => createUserInvite(user.id),
    onSuccess: (invite, user) => successToast("Invite created", `${invite.code} for ${user.username}`),
    onError: (error) => failureToast(FAILED_TO_CREATE_INVITE, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}
