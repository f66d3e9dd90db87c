import { useSyncExternalStore } from "react";
import { toast, toastStore } from "@/lib/toast";

/** The toasts on screen (newest first), with functions to show and dismiss one. */
export function useToast() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getToasts);
  return { toasts, toast, dismiss: toastStore.dismiss };
}
