import { useQuery } from "@tanstack/react-query";
import type { MemberInvitesResponse } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { adminQueryKeyRoot } from "./admin-query-keys";

/** GET /api/admin/users/{id}/invites: who invited the member and whom they invited (administrators). */
export function useMemberInvites(userId: number | null) {
  return useQuery({
    queryKey: [adminQueryKeyRoot, "users", userId, "invites"],
    queryFn: ({ signal }) => apiGet<MemberInvitesResponse>(`/api/admin/users/${userId}/invites`, signal),
    enabled: userId !== null,
  });
}
