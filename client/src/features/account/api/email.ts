import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ForgotPasswordData, ResetPasswordData } from "@shared/schemas/email";
import { apiRequest } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/query-keys";

/** POST /api/auth/forgot-password: always 204, whoever `login` names (a mail goes to a verified address). */
export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordData) => apiRequest("POST", "/api/auth/forgot-password", body) });
}

/** POST /api/auth/reset-password: 400 for a used or expired link; every session of the member ends. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordData) => apiRequest("POST", "/api/auth/reset-password", body) });
}

/** POST /api/auth/verify-email: the address becomes verified (the current user, if it is theirs, is read again). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest("POST", "/api/auth/verify-email", { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/** POST /api/auth/verify-email/resend: another link to the member's unverified address. */
export function useResendVerification() {
  return useMutation({ mutationFn: () => apiRequest("POST", "/api/auth/verify-email/resend") });
}

/** POST /api/email/unsubscribe?token=…: the one-click unsubscribe of a notification mail, without signing in. */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest("POST", `/api/email/unsubscribe?token=${encodeURIComponent(token)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
