import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Role } from "@shared/roles";
import type { AdminUser } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { FAILED_TO_CHANGE_ROLE } from "../messages";
import { failureToast, successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

/** PUT /api/admin/users/{id}/role { role } (administrators; not their own). */
export function useChangeRole({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: number; role: Role }) =>
      (await (await apiRequest("PUT", `/api/admin/users/${userId}/role`, { role })).json()) as { user: AdminUser },
    onSuccess: ({ user }) => {
      successToast("Role changed", `${user.username} is now ${user.role === "member" ? "a member" : `a${user.role === "admin" ? "n" : ""} ${user.role}`}`);
      onSuccess?.();
    },
    onError: (error) => failureToast(FAILED_TO_CHANGE_ROLE, error),
    onSettled: () => refreshAdminData(queryClient),
  });
}
