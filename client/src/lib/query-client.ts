import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api-client";

/**
 * Reads are never stale, are not refetched on window focus, do not poll and are not retried;
 * writes are not retried either. Queries that need otherwise say so themselves.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
