import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUser } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_UNBAN_USER } from "../messages";
import { failureToast, successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

export interface UnbanUserResponse {
  message: string;
  user: AdminUser;
}

/** POST /api/admin/users/{id}/unban. */
export async function unbanUser(userId: number): Promise<UnbanUserResponse> {
  const response = await apiRequest("POST", `/api/admin/users/${userId}/unban`);
  return (await response.json()) as UnbanUserResponse;
}

/** Lifts a member's ban; the lists are refreshed, a failure toasts 'Failed to unban user'. */
export function useUnbanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<AdminUser, "id" | "username">) => unbanUser(user.id),
    onSuccess: (response) => successToast("User unbanned", `${response.user.username} can use the site again`),
    onError: (error) => failureToast(FAILED_TO_UNBAN_USER, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}
