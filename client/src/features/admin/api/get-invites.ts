import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PAGE_SIZE } from "@shared/constants";
import type { InvitesResponse } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { FAILED_TO_FETCH_INVITES } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { invitesQueryKeyRoot } from "./admin-query-keys";

export const invitesPageQueryKey = (page: number) => [invitesQueryKeyRoot, "list", page] as const;

/** GET /api/invites?page&limit=10 (admin): every invite code, newest first, with its status. */
export function getInvites(page: number, signal?: AbortSignal): Promise<InvitesResponse> {
  const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  return apiGet<InvitesResponse>(`/api/invites?${params}`, signal);
}

/** A page of the invites table; a failure toasts 'Failed to fetch invites'. */
export function useInvites(page: number) {
  return useQuery({
    queryKey: invitesPageQueryKey(page),
    queryFn: async ({ signal }) => {
      try {
        return await getInvites(page, signal);
      } catch (error) {
        if (!signal.aborted) failureToast(FAILED_TO_FETCH_INVITES, error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}
