import type { QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@shared/types";
import { currentUserQueryKey } from "../api/get-current-user";
import { endFirstVisitUnless } from "./first-visit";

/**
 * Puts a new signed-in state (a user, or null when signed out) into the cache and drops every
 * other cached read, so nothing of the previous member lingers for the next one.
 */
export function replaceSession(queryClient: QueryClient, user: CurrentUser | null): void {
  endFirstVisitUnless(user?.id);
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
}
