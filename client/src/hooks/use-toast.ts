import { useSyncExternalStore } from "react";
import { toast, toastStore } from "@/lib/toast";

/** The toasts on screen (newest first), with functions to show and dismiss one and to hold them all. */
export function useToast() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getToasts);
  return { toasts, toast, dismiss: toastStore.dismiss, pause: toastStore.pause, resume: toastStore.resume };
}
