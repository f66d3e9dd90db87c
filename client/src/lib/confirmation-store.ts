/**
 * The password dialog's state, independent of React: a call that needs a fresh confirmation
 * (docs/product.md "Sensitive changes need a fresh confirmation") asks here and waits; the dialog
 * (components/confirm-password-dialog.tsx) shows while someone waits and settles every waiting call
 * at once, confirmed or cancelled. Calls refused together share one dialog.
 */
export interface ConfirmationStore {
  /** Opens the dialog (or joins the open one); true once the password is confirmed, false when it is cancelled. */
  ask(): Promise<boolean>;
  isAsking(): boolean;
  subscribe(listener: () => void): () => void;
  settle(confirmed: boolean): void;
}

export function createConfirmationStore(): ConfirmationStore {
  let waiting: ((confirmed: boolean) => void)[] = [];
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    ask() {
      return new Promise<boolean>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 1) changed();
      });
    },
    isAsking: () => waiting.length > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    settle(confirmed) {
      const settled = waiting;
      waiting = [];
      for (const resolve of settled) resolve(confirmed);
      changed();
    },
  };
}

/** The app's one password dialog. */
export const confirmationStore = createConfirmationStore();
