import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FlagInput } from "@shared/schemas/flags";
import { apiRequest } from "@/lib/api-client";

/** POST /api/flags: 409 when the member's flag on it is still open, 429 past the day's flags (the server's message says which). */
export function useCreateFlag({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (flag: FlagInput) => {
      await apiRequest("POST", "/api/flags", flag);
    },
    onSuccess: () => {
      // A flag may hide what it names at once (a staff flag, or the last one needed), wherever it shows: flags are rare, so all is read again.
      void queryClient.invalidateQueries();
      onSuccess?.();
    },
  });
}
