import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Theme } from "@shared/theme";
import { apiErrorMessage } from "@/lib/api-error";
import { currentUserQueryKey } from "@/lib/query-keys";
import { keepTheme } from "@/lib/theme";
import { toast } from "@/lib/toast";
import { updateProfile } from "./update-profile";

/**
 * Applies a theme at once and keeps it in this browser; with `onAccount` (a member who may change
 * their account) it is saved on the account too (PATCH /api/auth/profile), so the member's other
 * browsers take it when they sign in.
 */
export function useChooseTheme({ onAccount }: { onAccount: boolean }): (theme: Theme) => void {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (theme: Theme) => updateProfile({ theme }),
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
    onError: (error) => toast({ variant: "destructive", title: "Theme not saved", description: apiErrorMessage(error) }),
  });
  return (theme) => {
    keepTheme(theme);
    if (onAccount) save.mutate(theme);
  };
}
