import type { RegisterData } from "@shared/schemas/auth";
import type { CurrentUser } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { siteName } from "@/lib/site";
import { markFirstVisit } from "../utils/first-visit";
import { useSignInMutation } from "./use-sign-in-mutation";

/** POST /api/auth/register: creates the account with an invite code, signs in and answers with the user. */
export async function register(account: RegisterData): Promise<CurrentUser> {
  const response = await apiRequest("POST", "/api/auth/register", account);
  return (await response.json()) as CurrentUser;
}

export function useRegister() {
  return useSignInMutation({
    signIn: async (account: RegisterData) => {
      const user = await register(account);
      markFirstVisit(user.id);
      return user;
    },
    success: { title: "Registration successful!", description: `Welcome to ${siteName}` },
    failureTitle: "Registration failed",
  });
}
