import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { BioCard } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { currentUserQueryKey } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { BIO_CARD_CREATED } from "../messages";
import { bioSettingsQueryKey } from "./query-keys";

/** POST /api/bio (no body) → 201 the new card with its defaults; 409 when the member has one. */
export async function createBioCard(): Promise<BioCard> {
  const response = await apiRequest("POST", "/api/bio");
  return (await response.json()) as BioCard;
}

export interface CreateBioCardOptions {
  /** The failure toast's title: the dashboard and the editor word it differently (docs/product.md). */
  errorTitle: string;
  /** Open the editor at /bio once the card exists (from the dashboard; the editor shows it in place). */
  openEditor?: boolean;
}

/**
 * 'Create Bio Card': refreshes the current user (hasBio brings the Bio link) and the editor's
 * settings. A failure toasts `errorTitle` with the server's message and refreshes both too, since
 * e.g. a 409 means a card was made meanwhile (another tab), which the screen then shows.
 */
export function useCreateBioCard({ errorTitle, openEditor = false }: CreateBioCardOptions) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      queryClient.invalidateQueries({ queryKey: bioSettingsQueryKey }),
    ]);
  return useMutation({
    mutationFn: createBioCard,
    onSuccess: async () => {
      toast(BIO_CARD_CREATED);
      await refresh();
      if (openEditor) navigate("/bio");
    },
    onError: (error) => {
      toast({ variant: "destructive", title: errorTitle, description: apiErrorMessage(error) });
      void refresh();
    },
  });
}
