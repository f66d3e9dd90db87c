import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { apiRequest } from "@/lib/api-client";
import { replaceSession } from "../utils/replace-session";

async function logout(): Promise<void> {
  // This browser's push subscription goes first, while the session can still delete it (loaded
  // only now: it is not part of any first load). Sign-out goes on if it fails.
  await import("@/lib/push-device").then(({ disablePush }) => disablePush()).catch(() => {});
  await apiRequest("POST", "/api/auth/logout");
}

/**
 * Logs out, then goes to `redirectTo` whether or not the call succeeded (a failure is only
 * logged). The cached user becomes null and every other cached read is dropped, so nothing of
 * the previous member lingers for whoever signs in next.
 */
export function useLogout(redirectTo = "/") {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  return useMutation({
    mutationFn: logout,
    onError: (error) => console.error("Logout failed:", error),
    onSettled: () => {
      replaceSession(queryClient, null);
      navigate(redirectTo);
    },
  });
}
