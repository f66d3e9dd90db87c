import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BADGES, type ManualBadgeType } from "@shared/constants";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_REMOVE_BADGE } from "../messages";
import { failureToast, successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

/** DELETE /api/admin/users/{id}/badges/{badgeType} (404 when not granted). */
export async function removeBadge(userId: number, badgeType: ManualBadgeType): Promise<void> {
  await apiRequest("DELETE", `/api/admin/users/${userId}/badges/${encodeURIComponent(badgeType)}`);
}

/** Removes a manual badge; the member's badges are read again, a failure toasts 'Failed to remove badge'. */
export function useRemoveBadge(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (badgeType: ManualBadgeType) => removeBadge(userId, badgeType),
    onSuccess: (_result, badgeType) => successToast("Badge removed", BADGES[badgeType].label),
    onError: (error) => failureToast(FAILED_TO_REMOVE_BADGE, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}
