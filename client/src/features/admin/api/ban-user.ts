import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BanUserData } from "@shared/schemas/admin";
import type { AdminUser } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format-date";
import { FAILED_TO_BAN_USER } from "../messages";
import { failureToast, successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

export interface BanUserVariables {
  userId: number;
  /** `expiresAt` left out: a permanent ban. */
  ban: BanUserData;
}

export interface BanUserResponse {
  message: string;
  user: AdminUser;
}

/** POST /api/admin/users/{id}/ban (403 'Administrators cannot be banned'). */
export async function banUser({ userId, ban }: BanUserVariables): Promise<BanUserResponse> {
  const response = await apiRequest("POST", `/api/admin/users/${userId}/ban`, ban);
  return (await response.json()) as BanUserResponse;
}

/** Bans a member; the lists are refreshed, a failure toasts 'Failed to ban user'. */
export function useBanUser({ onSuccess }: { onSuccess?: (response: BanUserResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    onSuccess: (response) => {
      const { username, banExpiresAt } = response.user;
      successToast("User banned", banExpiresAt ? `${username} is banned until ${formatDateTime(banExpiresAt)}` : `${username} is banned permanently`);
      onSuccess?.(response);
    },
    onError: (error) => failureToast(FAILED_TO_BAN_USER, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}
