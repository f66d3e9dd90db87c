import type { LoginData } from "@shared/schemas/auth";
import type { CurrentUser } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { siteName } from "@/lib/site";
import { useSignInMutation } from "./use-sign-in-mutation";

/** POST /api/auth/login: signs in and answers with the user. */
export async function login(credentials: LoginData): Promise<CurrentUser> {
  const response = await apiRequest("POST", "/api/auth/login", credentials);
  return (await response.json()) as CurrentUser;
}

export function useLogin() {
  return useSignInMutation({
    signIn: login,
    success: { title: "Login successful!", description: `Welcome back to ${siteName}` },
    failureTitle: "Login failed",
  });
}
