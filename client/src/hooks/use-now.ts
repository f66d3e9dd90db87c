import { useSyncExternalStore } from "react";

/** How often relative times ('3 minutes ago') are brought up to date. */
const TICK_MS = 60_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, refreshed once a minute by one timer shared by every component using it. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
