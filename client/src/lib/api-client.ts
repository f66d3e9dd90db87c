import type { QueryFunction } from "@tanstack/react-query";
import { ApiError, isConfirmRequired } from "./api-error";
import { confirmationStore } from "./confirmation-store";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Turns a non-OK response into an ApiError with its status and body (its status text when empty). */
async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text();
  throw ApiError.fromText(response.status, bodyText || response.statusText);
}

/**
 * Sends a call and answers its OK response. One refused for want of a fresh confirmation waits for
 * the password dialog and, once confirmed, is sent again; cancelled, it fails with that refusal.
 */
async function sent(send: () => Promise<Response>): Promise<Response> {
  const response = await send();
  try {
    await throwIfNotOk(response);
    return response;
  } catch (error) {
    if (!isConfirmRequired(error) || !(await confirmationStore.ask())) throw error;
    const again = await send();
    await throwIfNotOk(again);
    return again;
  }
}

/**
 * Sends a write. Cookies always go along; the JSON content type and body only when there is a
 * payload. Resolves with the OK response (read it with `.json()` where the call returns data).
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasPayload = body !== undefined;
  return sent(() =>
    fetch(url, {
      method,
      credentials: "include",
      headers: hasPayload ? { "Content-Type": "application/json" } : undefined,
      body: hasPayload ? JSON.stringify(body) : undefined,
    }),
  );
}

/** GETs a URL (e.g. with a query string a query key cannot express) and parses the JSON answer. */
export async function apiGet<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await sent(() => fetch(url, { credentials: "include", signal }));
  return (await response.json()) as T;
}

type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * A query function that GETs the query key joined with "/" (['/api/topics', 7] → /api/topics/7)
 * and parses the JSON answer. With `on401: "returnNull"` a 401 resolves to null.
 */
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join("/"), { credentials: "include", signal });
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
