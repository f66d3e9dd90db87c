import { useQuery } from "@tanstack/react-query";
import type { PublicBioCard } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { hasStatus } from "@/lib/api-error";
import { publicBioCardQueryKey } from "./query-keys";

/** GET /api/bio/{username}; a 401 reads as no card (docs/product.md "Bio cards"). Each load counts a view. */
export async function getPublicBioCard(username: string, signal?: AbortSignal): Promise<PublicBioCard | null> {
  try {
    return await apiGet<PublicBioCard>(`/api/bio/${encodeURIComponent(username)}`, signal);
  } catch (error) {
    if (hasStatus(error, 401)) return null;
    throw error;
  }
}

/** Anyone's public card (404 when there is none, it is private or its owner is banned); no retry. */
export function usePublicBioCard(username: string) {
  return useQuery({
    queryKey: publicBioCardQueryKey(username),
    queryFn: ({ signal }) => getPublicBioCard(username, signal),
    retry: false,
  });
}
