import { useSyncExternalStore } from "react";
import { presenceStore } from "@/lib/presence-store";

/** The ids of the members online right now (live, from /ws); empty when signed out. */
export function useOnlineUsers(): ReadonlySet<number> {
  return useSyncExternalStore(presenceStore.subscribe, presenceStore.getSnapshot, presenceStore.getSnapshot);
}

/** Whether one member is online right now; re-renders only when that answer changes. */
export function useIsOnline(userId: number): boolean {
  const read = () => presenceStore.getSnapshot().has(userId);
  return useSyncExternalStore(presenceStore.subscribe, read, read);
}
