import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BioCardUpdateInput } from "@shared/schemas/bio";
import type { BioCard, BioSettingsResponse } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { bioSettingsQueryKey } from "./query-keys";

/** PATCH /api/bio with the settings payload → the saved card. */
export async function updateBioCard(payload: BioCardUpdateInput): Promise<BioCard> {
  const response = await apiRequest("PATCH", "/api/bio", payload);
  return (await response.json()) as BioCard;
}

/** Saves the card. On success the settings cache holds the saved card. */
export function useUpdateBioCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBioCard,
    onSuccess: (card) => {
      queryClient.setQueryData<BioSettingsResponse | null>(bioSettingsQueryKey, (settings) => (settings ? { ...settings, bioCard: card } : settings));
    },
  });
}
