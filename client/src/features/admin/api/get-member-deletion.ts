import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { MemberDeletion } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { adminQueryKeyRoot, refreshAdminData } from "./admin-query-keys";

/** How often a running deletion is looked at. */
const DELETION_POLL_MS = 1_000;

/** GET /api/admin/users/{id}/deletion: how far a member's deletion has gone (404 when none was started). */
export function getMemberDeletion(userId: number, signal?: AbortSignal): Promise<MemberDeletion> {
  return apiGet<MemberDeletion>(`/api/admin/users/${userId}/deletion`, signal);
}

/**
 * A member's deletion, read again every second until it is done (a large one goes on in the
 * background: docs/decisions/021); the admin lists are read again once it is, the member gone from them.
 */
export function useMemberDeletion(userId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [adminQueryKeyRoot, "users", userId, "deletion"],
    queryFn: ({ signal }) => getMemberDeletion(userId, signal),
    refetchInterval: (current) => (current.state.data?.status === "done" ? false : DELETION_POLL_MS),
  });
  const done = query.data?.status === "done";
  useEffect(() => {
    if (done) void refreshAdminData(queryClient);
  }, [done, queryClient]);
  return query;
}
