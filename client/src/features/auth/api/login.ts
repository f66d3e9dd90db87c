import { useMutation } from "@tanstack/react-query";
import { useSearch } from "wouter";
import { afterSignIn } from "@shared/site-path";
import type { LoginData } from "@shared/schemas/auth";
import type { LoginSecondStepInput } from "@shared/schemas/account-security";
import type { CurrentUser, PasskeyRequestOptions, TwoFactorRequired } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { answerWithPasskey, passkeyErrorMessage } from "@/lib/passkeys";
import { siteName } from "@/lib/site";
import { toast } from "@/lib/toast";
import { useCompleteSignIn, useSignInMutation } from "./use-sign-in-mutation";

const LOGIN_SUCCESS = { title: "Login successful!", description: `Welcome back to ${siteName}` };
const LOGIN_FAILED = "Login failed";

/** POST /api/auth/login: signs in and answers with the user, or asks for the second step when two-factor sign-in is on. */
export async function login(credentials: LoginData): Promise<CurrentUser | TwoFactorRequired> {
  const response = await apiRequest("POST", "/api/auth/login", credentials);
  return (await response.json()) as CurrentUser | TwoFactorRequired;
}

export const needsSecondStep = (answer: CurrentUser | TwoFactorRequired): answer is TwoFactorRequired => "twoFactorRequired" in answer;

/** Where signing in from this screen goes: back to the screen that needed it (`/login?next=`), else the dashboard. */
function useReturnPath(): string {
  return afterSignIn(new URLSearchParams(useSearch()).get("next"));
}

/** The password step: a signed-in answer completes the sign-in; a second step is left to the form. */
export function useLogin() {
  const complete = useCompleteSignIn(LOGIN_SUCCESS, useReturnPath());
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!needsSecondStep(answer)) complete(answer);
    },
    onError: (error) => toast({ variant: "destructive", title: LOGIN_FAILED, description: apiErrorMessage(error) }),
  });
}

/** POST /api/auth/login/2fa: a code from the app or a recovery code finishes the sign-in. */
async function loginSecondStep(factor: LoginSecondStepInput): Promise<CurrentUser> {
  const response = await apiRequest("POST", "/api/auth/login/2fa", factor);
  return (await response.json()) as CurrentUser;
}

export function useLoginSecondStep() {
  return useSignInMutation({ signIn: loginSecondStep, success: LOGIN_SUCCESS, failureTitle: LOGIN_FAILED, destination: useReturnPath() });
}

/** POST /api/auth/passkey/options, the browser's prompt, then POST /api/auth/passkey/login: signed in without password or code. */
async function signInWithPasskey(): Promise<CurrentUser> {
  const options = (await (await apiRequest("POST", "/api/auth/passkey/options")).json()) as PasskeyRequestOptions;
  const response = await answerWithPasskey(options);
  return (await (await apiRequest("POST", "/api/auth/passkey/login", { response })).json()) as CurrentUser;
}

export function usePasskeySignIn() {
  const complete = useCompleteSignIn(LOGIN_SUCCESS, useReturnPath());
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: complete,
    onError: (error) => toast({ variant: "destructive", title: LOGIN_FAILED, description: passkeyErrorMessage(error) }),
  });
}
