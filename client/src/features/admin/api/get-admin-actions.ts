import { useQuery } from "@tanstack/react-query";
import type { AdminAction } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { adminQueryKeyRoot } from "./admin-query-keys";

/** How many of the latest entries the panel shows. */
export const ADMIN_ACTIONS_LIMIT = 20;

export const adminActionsQueryKey = [adminQueryKeyRoot, "actions"] as const;

/** GET /api/admin/actions?limit=20: the audit trail, newest first. */
export function getAdminActions(signal?: AbortSignal): Promise<AdminAction[]> {
  return apiGet<AdminAction[]>(`/api/admin/actions?limit=${ADMIN_ACTIONS_LIMIT}`, signal);
}

export function useAdminActions() {
  return useQuery({ queryKey: adminActionsQueryKey, queryFn: ({ signal }) => getAdminActions(signal) });
}
