import { useQuery } from "@tanstack/react-query";
import { ASSIGNED_INVITES_POLL_MS } from "@/lib/ui-constants";
import type { AssignedInvite } from "@shared/types";

/** GET /api/invites/assigned through the default query function. */
export const assignedInvitesQueryKey = ["/api/invites/assigned"] as const;

/** The invites given to the signed-in member, newest first; re-read every 5 s and when the window regains focus. */
export function useAssignedInvites() {
  return useQuery<AssignedInvite[]>({
    queryKey: assignedInvitesQueryKey,
    refetchInterval: ASSIGNED_INVITES_POLL_MS,
    refetchOnWindowFocus: "always",
  });
}
