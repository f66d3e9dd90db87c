import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileCommentData } from "@shared/schemas/comments";
import type { ProfileComment } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { CREATE_COMMENT_FALLBACK, FAILED_TO_ADD_COMMENT } from "../messages";
import { profileCommentsQueryKey, type CommentPages } from "./get-profile-comments";

/** POST /api/users/{id}/comments → 201 with the comment (429 when writing too fast). */
export async function createProfileComment(profileUserId: number, comment: ProfileCommentData): Promise<ProfileComment> {
  const response = await apiRequest("POST", `/api/users/${profileUserId}/comments`, comment);
  return (await response.json()) as ProfileComment;
}

/** Writes a comment on a profile; it goes to the top of the list at once. */
export function useCreateProfileComment(profileUserId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: ProfileCommentData) => createProfileComment(profileUserId, comment),
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentPages>(profileCommentsQueryKey(profileUserId), (data) => {
        if (!data || data.pages.length === 0) return { pages: [{ comments: [comment], nextBefore: undefined }], pageParams: [undefined] };
        const [first, ...rest] = data.pages;
        const comments = [comment, ...(first?.comments ?? []).filter((item) => item.id !== comment.id)];
        return { ...data, pages: [{ comments, nextBefore: first?.nextBefore }, ...rest] };
      });
    },
    onError: (error) =>
      toast({ variant: "destructive", title: FAILED_TO_ADD_COMMENT, description: apiErrorMessage(error, CREATE_COMMENT_FALLBACK) }),
  });
}
