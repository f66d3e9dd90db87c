import type { QueryClient } from "@tanstack/react-query";
import { usersQueryKeyRoot } from "@/lib/query-keys";

/** First element of every cached /api/admin read (the admin users list, the audit trail). */
export const adminQueryKeyRoot = "/api/admin";
/** First element of the cached admin invite list pages. */
export const invitesQueryKeyRoot = "/api/invites";

/**
 * After any admin action: the users table, the invites table and the audit trail are read again,
 * and every cached /api/users read (members list, profiles, badges) is marked out of date.
 */
export function refreshAdminData(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [adminQueryKeyRoot] }),
    queryClient.invalidateQueries({ queryKey: [invitesQueryKeyRoot] }),
    queryClient.invalidateQueries({ queryKey: [usersQueryKeyRoot] }),
  ]).then(() => undefined);
}
