import { useQuery } from "@tanstack/react-query";
import type { BanInfo } from "@shared/types";

const banInfoQueryKey = ["/api/user/ban-info"] as const;

/** The signed-in member's own ban (who banned them); asked only while `enabled` (they are banned). */
export function useBanInfo({ enabled }: { enabled: boolean }) {
  return useQuery<BanInfo>({ queryKey: banInfoQueryKey, enabled });
}
