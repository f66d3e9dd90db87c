import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeleteUserResponse } from "@shared/types";
import type { DeletionContent } from "@shared/member-deletion";
import { apiRequest } from "@/lib/api-client";
import { countLabel } from "@/lib/count-label";
import { toast } from "@/lib/toast";
import { FAILED_TO_DELETE_USER } from "../messages";
import { deleteUserErrorDescription } from "../utils/delete-user-error";
import { successToast } from "../utils/failure-toast";
import { refreshAdminData } from "./admin-query-keys";

/** DELETE /api/admin/users/{id}: the member, what they wrote handled as `content` says (403 for administrators, 404 when gone). */
export async function deleteUser({ userId, content }: { userId: number; content: DeletionContent }): Promise<DeleteUserResponse> {
  const response = await apiRequest("DELETE", `/api/admin/users/${userId}`, { content });
  return (await response.json()) as DeleteUserResponse;
}

/**
 * Deletes a member; the lists are refreshed either way (a 404 means they are gone already). A failure
 * toasts 'Failed to delete user' with the 404 / 'HTTP {status}: {body}' / fallback description.
 */
export function useDeleteUser({ onSuccess }: { onSuccess?: (response: DeleteUserResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (response) => {
      const { posts, topics, comments } = response.deletedData;
      successToast("User deleted", `With ${countLabel(posts, "post")}, ${countLabel(topics, "topic")} and ${countLabel(comments, "comment")}`);
      onSuccess?.(response);
    },
    onError: (error) => toast({ variant: "destructive", title: FAILED_TO_DELETE_USER, description: deleteUserErrorDescription(error) }),
    onSettled: () => refreshAdminData(queryClient),
  });
}
