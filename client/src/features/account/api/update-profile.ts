import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileUpdateData } from "@shared/schemas/auth";
import type { CurrentUser } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { currentUserQueryKey, usersQueryKeyRoot } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { UPDATE_ERROR } from "../messages";

/** PATCH /api/auth/profile: any subset of the fields ("" clears one) → the updated current user. */
export async function updateProfile(changes: ProfileUpdateData): Promise<CurrentUser> {
  const response = await apiRequest("PATCH", "/api/auth/profile", changes);
  return (await response.json()) as CurrentUser;
}

/**
 * Saves profile fields or the avatar. The answer becomes the current user at once; cached profiles
 * and member lists are refreshed (they show the avatar and contact fields). A failure toasts
 * 'Update error' with the server's message.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: [usersQueryKeyRoot] });
    },
    onError: (error) => toast({ variant: "destructive", title: UPDATE_ERROR, description: apiErrorMessage(error) }),
  });
}
