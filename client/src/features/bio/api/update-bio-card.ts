import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BioCardUpdateInput } from "@shared/schemas/bio";
import type { BioCard, BioSettingsResponse } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { bioSettingsQueryKey, publicBioCardQueryKey } from "./query-keys";

/** PATCH /api/bio with the settings payload → the saved card. */
export async function updateBioCard(payload: BioCardUpdateInput): Promise<BioCard> {
  const response = await apiRequest("PATCH", "/api/bio", payload);
  return (await response.json()) as BioCard;
}

/**
 * Saves the card. On success the settings cache holds the saved card, and the member's public card
 * is invalidated and dropped from the cache, so it is read afresh next time.
 */
export function useUpdateBioCard(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBioCard,
    onSuccess: async (card) => {
      queryClient.setQueryData<BioSettingsResponse | null>(bioSettingsQueryKey, (settings) => (settings ? { ...settings, bioCard: card } : settings));
      const publicKey = publicBioCardQueryKey(username);
      await queryClient.invalidateQueries({ queryKey: publicKey, refetchType: "none" });
      queryClient.removeQueries({ queryKey: publicKey });
    },
  });
}
