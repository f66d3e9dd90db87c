import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PurgeResponse } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { countLabel } from "@/lib/count-label";
import { FAILED_TO_PURGE_ACTIVE_INVITES, FAILED_TO_PURGE_EXPIRED_INVITES } from "../messages";
import { failureToast, successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

export type PurgeKind = "expired" | "active";

const PURGES: Record<PurgeKind, { path: string; success: string; failure: string }> = {
  /** Unused invites whose expiry has passed. */
  expired: { path: "/api/admin/purge-invites", success: "Expired invites purged", failure: FAILED_TO_PURGE_EXPIRED_INVITES },
  /** Unused invites that have not expired. */
  active: { path: "/api/admin/purge-active-invites", success: "Active invites purged", failure: FAILED_TO_PURGE_ACTIVE_INVITES },
};

/** POST /api/admin/purge-invites or /api/admin/purge-active-invites → { deletedCount }. Used invites are never purged. */
export async function purgeInvites(kind: PurgeKind): Promise<PurgeResponse> {
  const response = await apiRequest("POST", PURGES[kind].path);
  return (await response.json()) as PurgeResponse;
}

/** Purges expired or active unused invites; the toast tells how many were deleted. */
export function usePurgeInvites(kind: PurgeKind, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => purgeInvites(kind),
    onSuccess: ({ deletedCount }) => {
      successToast(PURGES[kind].success, `${countLabel(deletedCount, "invite")} deleted`);
      onSuccess?.();
    },
    onError: (error) => failureToast(PURGES[kind].failure, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}
