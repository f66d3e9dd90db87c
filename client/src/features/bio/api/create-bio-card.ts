import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BioCard } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { bioSettingsQueryKey } from "@/lib/bio-query-keys";
import { currentUserQueryKey } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { BIO_CARD_CREATED, CREATION_ERROR } from "../messages";

/** POST /api/bio (no body) → 201 the new card with its defaults; 409 when the member has one. */
export async function createBioCard(): Promise<BioCard> {
  const response = await apiRequest("POST", "/api/bio");
  return (await response.json()) as BioCard;
}

/** Creates the card from the editor (for a member who has none yet); the editor then opens on it. */
export function useCreateBioCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBioCard,
    onSuccess: async () => {
      toast(BIO_CARD_CREATED);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bioSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]);
    },
    onError: (error) => {
      toast({ variant: "destructive", title: CREATION_ERROR, description: apiErrorMessage(error) });
      // e.g. 409: a card was made meanwhile (another tab); show it.
      void queryClient.invalidateQueries({ queryKey: bioSettingsQueryKey });
    },
  });
}
