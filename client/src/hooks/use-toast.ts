import { useSyncExternalStore } from "react";
import { toast, toastStore } from "@/lib/toast";

/**
 * The toasts on screen (newest first), with functions to show and dismiss one and to hold them all
 * (none yet when a screen drawn at build time is hydrated: scripts/prerender-screens.ts).
 */
export function useToast() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getToasts, toastStore.getToasts);
  return { toasts, toast, dismiss: toastStore.dismiss, pause: toastStore.pause, resume: toastStore.resume };
}
