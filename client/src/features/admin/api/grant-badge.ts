import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BADGES, type ManualBadgeType } from "@shared/constants";
import type { UserBadge } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_GRANT_BADGE } from "../messages";
import { failureToast, successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

/** POST /api/admin/users/{id}/badges {badgeType} → 201 (409 when already granted, 400 for an automatic one). */
export async function grantBadge(userId: number, badgeType: ManualBadgeType): Promise<UserBadge> {
  const response = await apiRequest("POST", `/api/admin/users/${userId}/badges`, { badgeType });
  return (await response.json()) as UserBadge;
}

/** Grants a manual badge; the member's badges are read again, a failure toasts 'Failed to grant badge'. */
export function useGrantBadge(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (badgeType: ManualBadgeType) => grantBadge(userId, badgeType),
    onSuccess: (_badge, badgeType) => successToast("Badge granted", BADGES[badgeType].label),
    onError: (error) => failureToast(FAILED_TO_GRANT_BADGE, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}
