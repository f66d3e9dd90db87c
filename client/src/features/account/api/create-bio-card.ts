import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { BioCard } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { currentUserQueryKey } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { BIO_CARD_CREATED, CREATION_ERROR } from "../messages";

/** POST /api/bio (empty body) → 201 the new card with its defaults (409 when one exists). */
export async function createBioCard(): Promise<BioCard> {
  const response = await apiRequest("POST", "/api/bio");
  return (await response.json()) as BioCard;
}

/**
 * 'Create Bio Card': the current user is refreshed (hasBio brings the Bio link), then the editor at
 * /bio opens. A failure toasts 'Creation error' with the server's message.
 */
export function useCreateBioCard() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: createBioCard,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast(BIO_CARD_CREATED);
      navigate("/bio");
    },
    onError: (error) => {
      toast({ variant: "destructive", title: CREATION_ERROR, description: apiErrorMessage(error) });
      // e.g. 409: a card was made meanwhile (another tab); the dashboard then shows it.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
