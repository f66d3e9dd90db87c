import { useQuery, type Query, type QueryFunction } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/query-keys";
import { servedSignedOut } from "@/lib/served-signed-out";
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
 * A page sent without a session cookie answers for its first screen: nobody is signed in (so a
 * visitor's first load makes no call whose 401 the browser would log as an error). The answer holds
 * while that screen shows and nothing replaced it; a navigation or the window's focus checks again.
 */
const pageAnswer = servedSignedOut() ? { at: Date.now(), path: window.location.pathname } : null;
const isPageAnswer = (query: Query<CurrentUser | null>) =>
  pageAnswer !== null && query.state.dataUpdatedAt === pageAnswer.at && window.location.pathname === pageAnswer.path;

/**
 * Never fresh (but for the page's own answer, above): re-checked whenever a component using it
 * mounts (every screen) and on window focus, not on reconnect.
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    initialData: pageAnswer ? null : undefined,
    initialDataUpdatedAt: pageAnswer?.at,
    staleTime: (query) => (isPageAnswer(query) ? Infinity : 0),
    refetchOnMount: true,
    refetchOnWindowFocus: "always",
    refetchOnReconnect: false,
  });
}
