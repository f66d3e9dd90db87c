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

const read = () => now;

/**
 * The current time, refreshed once a minute by one timer shared by every component using it (read
 * the same way when the screen is drawn at build time or hydrated: scripts/prerender-screens.ts).
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, read, read);
}
