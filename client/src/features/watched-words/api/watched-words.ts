import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateWatchedWordData } from "@shared/schemas/watched-words";
import type { WatchedWord, WatchedWordsResponse } from "@shared/types";
import { apiErrorMessage } from "@/lib/api-error";
import { apiGet, apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/** The cached GET /api/admin/watched-words (under /api/admin, which admin changes refresh too). */
export const watchedWordsQueryKey = ["/api/admin", "watched-words"] as const;

/** GET /api/admin/watched-words: the whole list, newest first. */
export function useWatchedWords() {
  return useQuery({ queryKey: watchedWordsQueryKey, queryFn: ({ signal }) => apiGet<WatchedWordsResponse>("/api/admin/watched-words", signal) });
}

/** POST /api/admin/watched-words → 201 with the word; a refusal (409 for a word already watched) is the caller's to show. */
export function useAddWatchedWord({ onSuccess }: { onSuccess?: (word: WatchedWord) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: CreateWatchedWordData) => (await (await apiRequest("POST", "/api/admin/watched-words", fields)).json()) as WatchedWord,
    onSuccess: (word) => {
      toast({ title: "Word added", description: word.word });
      onSuccess?.(word);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchedWordsQueryKey }),
  });
}

/** DELETE /api/admin/watched-words/{id} → 204. */
export function useRemoveWatchedWord({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (word: WatchedWord) => apiRequest("DELETE", `/api/admin/watched-words/${word.id}`),
    onSuccess: (_answer, word) => {
      toast({ title: "Word removed", description: word.word });
      onSuccess?.();
    },
    onError: (error) => toast({ variant: "destructive", title: "Failed to remove the word", description: apiErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchedWordsQueryKey }),
  });
}
