import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { AFTER_SIGN_IN } from "@shared/site-path";
import type { CurrentUser } from "@shared/types";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { replaceSession } from "../utils/replace-session";
import { currentUserQueryKey } from "./get-current-user";

interface SignInMutationOptions<TVariables> {
  /** The call that signs in and answers with the signed-in user. */
  signIn: (variables: TVariables) => Promise<CurrentUser>;
  success: { title: string; description: string };
  failureTitle: string;
  /** Where the member goes once signed in (a site path); the dashboard unless said. */
  destination?: string;
}

/**
 * A call that starts a session (login, registration): on success the current user is replaced and
 * refreshed, a toast greets the member and `destination` (the dashboard) opens; a failure toasts the server's message.
 */
export function useSignInMutation<TVariables>({ signIn, success, failureTitle, destination }: SignInMutationOptions<TVariables>) {
  const complete = useCompleteSignIn(success, destination);
  return useMutation({
    mutationFn: signIn,
    onSuccess: complete,
    onError: (error) => toast({ variant: "destructive", title: failureTitle, description: apiErrorMessage(error) }),
  });
}

/** What a completed sign-in does: the signed-in user replaces the cached one, a toast greets them, `destination` opens. */
export function useCompleteSignIn(success: { title: string; description: string }, destination = AFTER_SIGN_IN) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return (user: CurrentUser) => {
    replaceSession(queryClient, user);
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    toast(success);
    navigate(destination);
  };
}
