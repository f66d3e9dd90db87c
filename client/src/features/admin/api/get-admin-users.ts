import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PAGE_SIZE } from "@shared/constants";
import type { AdminUsersResponse } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { FAILED_TO_FETCH_USERS } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { adminQueryKeyRoot } from "./admin-query-keys";

export const adminUsersQueryKey = (page: number, search: string) => [adminQueryKeyRoot, "users", { page, search }] as const;

/** GET /api/admin/users?page&limit=10&search: search (trimmed, left out when empty) matches a username or a UID. */
export function getAdminUsers(page: number, search: string, signal?: AbortSignal): Promise<AdminUsersResponse> {
  const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  const term = search.trim();
  if (term) params.set("search", term);
  return apiGet<AdminUsersResponse>(`/api/admin/users?${params}`, signal);
}

/** A page of the admin users table; a failure toasts 'Failed to fetch users'. The previous page stays while the next loads. */
export function useAdminUsers(page: number, search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: adminUsersQueryKey(page, term),
    queryFn: async ({ signal }) => {
      try {
        return await getAdminUsers(page, term, signal);
      } catch (error) {
        if (!signal.aborted) failureToast(FAILED_TO_FETCH_USERS, error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}
