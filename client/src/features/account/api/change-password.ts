import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordData } from "@shared/schemas/auth";
import { apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { PASSWORD_CHANGE_ERROR, PASSWORD_CHANGED } from "../messages";

/** PATCH /api/auth/change-password (400 'Current password is incorrect'); other sessions are ended. */
export async function changePassword(passwords: ChangePasswordData): Promise<void> {
  await apiRequest("PATCH", "/api/auth/change-password", passwords);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => toast(PASSWORD_CHANGED),
    onError: (error) => toast({ variant: "destructive", title: PASSWORD_CHANGE_ERROR, description: apiErrorMessage(error) }),
  });
}
