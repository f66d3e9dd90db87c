import { useQuery, type QueryFunction } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/query-keys";
import type { CurrentUser } from "@shared/types";

export { currentUserQueryKey };

const fetchUserUnlessSignedOut = getQueryFn<CurrentUser>({ on401: "returnNull" });

/** The signed-in user, or null when signed out (401). Any other failure is logged and means null. */
export const getCurrentUser: QueryFunction<CurrentUser | null> = async (context) => {
  try {
    return await fetchUserUnlessSignedOut(context);
  } catch (error) {
    if (context.signal.aborted) throw error;
    console.error("Could not check the signed-in user:", error);
    return null;
  }
};

/**
 * Never fresh: re-checked whenever a component using it mounts (every screen) and on window
 * focus, not on reconnect.
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
    refetchOnReconnect: false,
  });
}
