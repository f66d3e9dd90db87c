import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PAGE_SIZE } from "@shared/constants";
import type { UsersListResponse } from "@shared/types";
import { usersListQueryKey } from "./users-list-query-key";

/** The users list's own settings (docs/product.md "Client behaviour"): it does not follow the app's defaults. */
export const USERS_LIST_TIMEOUT_MS = 10_000;
export const USERS_LIST_GC_TIME_MS = 5 * 60_000;
export const USERS_LIST_RETRIES = 3;
const RETRY_BASE_DELAY_MS = 1000;
const RETRY_MAX_DELAY_MS = 5000;

/** The list's on-screen failure texts (docs/product.md "Screens", members list). */
export const USERS_TIMEOUT_MESSAGE = "Request timeout - server may be slow";
export const USERS_INVALID_RESPONSE_MESSAGE = "Invalid response format";
export const usersHttpErrorMessage = (status: number) => `HTTP error! status: ${status}`;

export const usersPageQueryKey = (page: number) => [...usersListQueryKey, "list", page] as const;

/** 1 s before the first retry, then doubling, never more than 5 s. */
export function usersListRetryDelay(failureCount: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** failureCount, RETRY_MAX_DELAY_MS);
}

function isUsersListResponse(body: unknown): body is UsersListResponse {
  return typeof body === "object" && body !== null && "users" in body && Array.isArray(body.users);
}

/**
 * GET /api/users?page={n}&limit=10&fast=true. Gives up after 10 s ('Request timeout - server may be
 * slow'); a non-OK answer fails with 'HTTP error! status: {status}', an answer without a users array
 * with 'Invalid response format'. Cancelling through `signal` (the query was dropped) aborts it too.
 */
export async function getUsers(page: number, { signal, timeoutMs = USERS_LIST_TIMEOUT_MS }: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<UsersListResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const cancel = () => controller.abort();
  signal?.addEventListener("abort", cancel, { once: true });

  try {
    const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE), fast: "true" });
    const response = await fetch(`/api/users?${params}`, { credentials: "include", signal: controller.signal });
    if (!response.ok) throw new Error(usersHttpErrorMessage(response.status));
    const body: unknown = await response.json();
    if (!isUsersListResponse(body)) throw new Error(USERS_INVALID_RESPONSE_MESSAGE);
    return body;
  } catch (error) {
    if (timedOut) throw new Error(USERS_TIMEOUT_MESSAGE, { cause: error });
    if (error instanceof SyntaxError) throw new Error(USERS_INVALID_RESPONSE_MESSAGE, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", cancel);
  }
}

/**
 * One page of the members list. Always stale (re-read on every visit), kept 5 minutes, retried 3
 * times 1 s, 2 s, 4 s apart; the previous page stays on screen while the next one loads.
 */
export function useUsers(page: number) {
  return useQuery({
    queryKey: usersPageQueryKey(page),
    queryFn: ({ signal }) => getUsers(page, { signal }),
    staleTime: 0,
    gcTime: USERS_LIST_GC_TIME_MS,
    retry: USERS_LIST_RETRIES,
    retryDelay: usersListRetryDelay,
    placeholderData: keepPreviousData,
  });
}
