import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { apiErrorMessage, hasStatus } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { FAILED_TO_DELETE_COMMENT } from "../messages";
import { profileCommentsQueryKey, type CommentPages } from "./get-profile-comments";

/** DELETE /api/profile-comments/{id} (its author, the profile's owner or an admin). */
export async function deleteProfileComment(commentId: number): Promise<void> {
  await apiRequest("DELETE", `/api/profile-comments/${commentId}`);
}

/** Deletes a comment; it leaves the list at once (also when it turns out to be gone already). */
export function useDeleteProfileComment(profileUserId: number, commentId: number, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const removeFromList = () =>
    queryClient.setQueryData<CommentPages>(profileCommentsQueryKey(profileUserId), (data) =>
      data
        ? { ...data, pages: data.pages.map((page) => ({ ...page, comments: page.comments.filter((comment) => comment.id !== commentId) })) }
        : data,
    );
  return useMutation({
    mutationFn: () => deleteProfileComment(commentId),
    onSuccess: () => {
      removeFromList();
      onSuccess?.();
    },
    onError: (error) => {
      toast({ variant: "destructive", title: FAILED_TO_DELETE_COMMENT, description: apiErrorMessage(error, FAILED_TO_DELETE_COMMENT) });
      // Someone else deleted it meanwhile: it is gone either way.
      if (hasStatus(error, 404)) removeFromList();
    },
  });
}
