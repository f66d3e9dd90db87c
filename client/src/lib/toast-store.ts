import { MAX_TOASTS, TOAST_DURATION_MS } from "@/lib/ui-constants";

/** A new toast starts fading in this long after it is added. */
export const TOAST_ENTER_DELAY_MS = 10;
/** A toast is removed this long after it starts fading out (the length of the fade). */
export const TOAST_EXIT_MS = 300;

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it fades out by itself. */
  duration?: number;
}

/** `entering` until it fades in, `open` while shown, `closing` while it fades out. */
export type ToastPhase = "entering" | "open" | "closing";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  phase: ToastPhase;
}

export interface ToastStore {
  /** The kept toasts, newest first; a new array whenever anything changes. */
  getToasts(): readonly Toast[];
  subscribe(listener: () => void): () => void;
  /**
   * Shows a toast and returns its id. One saying the same as a shown toast takes its place (three
   * failed sign-ins are one toast, not a stack over the form). The oldest is dropped when more than
   * MAX_TOASTS would be kept.
   */
  add(options: ToastOptions): number;
  /** Starts fading a toast out; it is removed TOAST_EXIT_MS later. */
  dismiss(id: number): void;
  /** Stops the clocks of the shown toasts (the stack is hovered or focused); new ones wait too. */
  pause(): void;
  /** Restarts every clock with the time it had left. */
  resume(): void;
}

/** Toast state and timing, independent of React (the Toaster renders it, tests drive it with fake timers). */
export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const timers = new Map<number, Array<ReturnType<typeof setTimeout>>>();
  /** Each shown toast's clock: when it fades out by itself, or, while paused, how long it has left. */
  const clocks = new Map<number, { dueAt: number; handle?: ReturnType<typeof setTimeout> } | { left: number }>();
  let paused = false;

  function commit(next: readonly Toast[]) {
    toasts = next;
    for (const listener of listeners) listener();
  }

  function schedule(id: number, delay: number, run: () => void) {
    const handle = setTimeout(run, delay);
    timers.set(id, [...(timers.get(id) ?? []), handle]);
  }

  function clearTimers(id: number) {
    for (const handle of timers.get(id) ?? []) clearTimeout(handle);
    timers.delete(id);
    stopClock(id);
    clocks.delete(id);
  }

  function startClock(id: number, duration: number) {
    if (paused) clocks.set(id, { left: duration });
    else clocks.set(id, { dueAt: Date.now() + duration, handle: setTimeout(() => dismiss(id), duration) });
  }

  function stopClock(id: number) {
    const clock = clocks.get(id);
    if (clock && "dueAt" in clock) {
      clearTimeout(clock.handle);
      clocks.set(id, { left: Math.max(0, clock.dueAt - Date.now()) });
    }
  }

  function setPhase(id: number, phase: ToastPhase) {
    commit(toasts.map((toast) => (toast.id === id ? { ...toast, phase } : toast)));
  }

  function remove(id: number) {
    clearTimers(id);
    commit(toasts.filter((toast) => toast.id !== id));
  }

  function dismiss(id: number) {
    const toast = toasts.find((candidate) => candidate.id === id);
    if (!toast || toast.phase === "closing") return;
    clearTimers(id);
    setPhase(id, "closing");
    schedule(id, TOAST_EXIT_MS, () => remove(id));
  }

  function add({ title, description, variant = "default", duration = TOAST_DURATION_MS }: ToastOptions): number {
    const id = nextId++;
    const same = (toast: Toast) => toast.title === title && toast.description === description && toast.variant === variant;
    for (const repeated of toasts.filter(same)) clearTimers(repeated.id);
    const kept = [{ id, title, description, variant, phase: "entering" as const }, ...toasts.filter((toast) => !same(toast))];
    for (const dropped of kept.slice(MAX_TOASTS)) clearTimers(dropped.id);
    commit(kept.slice(0, MAX_TOASTS));

    schedule(id, TOAST_ENTER_DELAY_MS, () => setPhase(id, "open"));
    startClock(id, duration);
    return id;
  }

  function pause() {
    paused = true;
    for (const id of clocks.keys()) stopClock(id);
  }

  function resume() {
    if (!paused) return;
    paused = false;
    for (const [id, clock] of clocks) if ("left" in clock) startClock(id, clock.left);
  }

  return {
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add,
    dismiss,
    pause,
    resume,
  };
}
