import { createToastStore } from "./toast-store";

/** The app's one toast store, rendered by the Toaster mounted in the providers. */
export const toastStore = createToastStore();

/** Shows a toast from anywhere (components, mutation callbacks); returns its id. */
export const toast = toastStore.add;
