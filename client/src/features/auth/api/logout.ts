import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { apiRequest } from "@/lib/api-client";
import { replaceSession } from "../utils/replace-session";

async function logout(): Promise<void> {
  // This browser's push subscription is the member's: the service worker ends it (public/sw.js), so
  // the next person on this device is not shown their notifications (the push service then answers
  // the server 410, which drops it).
  navigator.serviceWorker?.controller?.postMessage("signed-out");
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
