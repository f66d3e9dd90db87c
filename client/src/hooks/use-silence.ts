import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "@shared/types";
import { currentUserQueryKey } from "@/lib/query-keys";
import { useNow } from "./use-now";

/**
 * The signed-in member's silence while it lasts (docs/product.md "Moderation by the community"), else null: read from the
 * current user the app keeps (features/auth), without fetching it again.
 */
export function useSilence(): { until: string; reason: string | null } | null {
  const { data: user } = useQuery<CurrentUser | null>({ queryKey: currentUserQueryKey, enabled: false });
  const now = useNow();
  if (!user?.isSilenced || !user.silencedUntil) return null;
  // A silence that ran out while the page was open is over, as on the server.
  if (Date.parse(user.silencedUntil) <= Math.max(now, Date.now())) return null;
  return { until: user.silencedUntil, reason: user.silenceReason };
}
