import { MAX_TOASTS, TOAST_DURATION_MS } from "@/lib/ui-constants";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore, TOAST_ENTER_DELAY_MS, TOAST_EXIT_MS } from "./toast-store";

describe("toast store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const phases = (store: ReturnType<typeof createToastStore>) =>
    store.getToasts().map(({ title, phase }) => `${title}:${phase}`);

  it("fades a toast in after the enter delay, out after the default duration, and removes it after the exit time", () => {
    const store = createToastStore();
    store.add({ title: "Saved" });
    expect(phases(store)).toEqual(["Saved:entering"]);

    vi.advanceTimersByTime(TOAST_ENTER_DELAY_MS - 1);
    expect(phases(store)).toEqual(["Saved:entering"]);
    vi.advanceTimersByTime(1);
    expect(phases(store)).toEqual(["Saved:open"]);

    vi.advanceTimersByTime(TOAST_DURATION_MS - TOAST_ENTER_DELAY_MS - 1);
    expect(phases(store)).toEqual(["Saved:open"]);
    vi.advanceTimersByTime(1);
    expect(phases(store)).toEqual(["Saved:closing"]);

    vi.advanceTimersByTime(TOAST_EXIT_MS - 1);
    expect(phases(store)).toEqual(["Saved:closing"]);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toEqual([]);
  });

  it("defaults to the default variant and a 4000 ms duration, and honours a given duration", () => {
    expect(TOAST_DURATION_MS).toBe(4000);
    const store = createToastStore();
    store.add({ title: "Short", variant: "destructive", duration: 1000 });
    expect(store.getToasts()[0]).toMatchObject({ variant: "destructive" });
    vi.advanceTimersByTime(1000);
    expect(phases(store)).toEqual(["Short:closing"]);

    store.add({ title: "Plain" });
    expect(store.getToasts()[0]).toMatchObject({ title: "Plain", variant: "default" });
  });

  it("closes at once when dismissed, removes it after the exit time and ignores a second dismiss", () => {
    const store = createToastStore();
    const id = store.add({ title: "Bye" });
    vi.advanceTimersByTime(500);

    store.dismiss(id);
    expect(phases(store)).toEqual(["Bye:closing"]);
    vi.advanceTimersByTime(TOAST_EXIT_MS - 100);
    store.dismiss(id); // must not restart the exit
    vi.advanceTimersByTime(100);
    expect(store.getToasts()).toEqual([]);

    // Its own duration timer was cancelled: nothing happens later, nor to a newer toast.
    store.add({ title: "Next" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(phases(store)).toEqual(["Next:open"]);
  });

  it("keeps at most three, newest first, dropping the oldest at once", () => {
    expect(MAX_TOASTS).toBe(3);
    const store = createToastStore();
    for (const title of ["one", "two", "three"]) {
      store.add({ title });
      vi.advanceTimersByTime(100);
    }
    store.add({ title: "four" });
    expect(store.getToasts().map((toast) => toast.title)).toEqual(["four", "three", "two"]);

    // The dropped toast's timers are gone: the others expire on their own schedule.
    vi.advanceTimersByTime(TOAST_DURATION_MS - 200);
    expect(phases(store)).toEqual(["four:open", "three:open", "two:closing"]);
    vi.advanceTimersByTime(TOAST_EXIT_MS);
    expect(store.getToasts().map((toast) => toast.title)).toEqual(["four", "three"]);
  });

  it("shows a repeated toast once, as the newest, with a fresh clock", () => {
    const store = createToastStore();
    store.add({ title: "Login failed", description: "Invalid username or password", variant: "destructive" });
    store.add({ title: "Saved" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    store.add({ title: "Login failed", description: "Invalid username or password", variant: "destructive" });
    store.add({ title: "Login failed", description: "Another reason", variant: "destructive" });
    expect(store.getToasts().map((toast) => `${toast.title}/${toast.description ?? ""}`)).toEqual([
      "Login failed/Another reason",
      "Login failed/Invalid username or password",
      "Saved/",
    ]);
    // The repeated one's old clock is gone: it stays when the first would have faded.
    vi.advanceTimersByTime(200);
    expect(phases(store)).toEqual(["Login failed:open", "Login failed:open", "Saved:closing"]);
  });

  it("stops every clock while paused and restarts each with the time it had left", () => {
    const store = createToastStore();
    store.add({ title: "Older" });
    vi.advanceTimersByTime(1000);
    store.pause();
    store.add({ title: "Added while paused" });
    vi.advanceTimersByTime(TOAST_DURATION_MS * 3);
    expect(phases(store)).toEqual(["Added while paused:open", "Older:open"]);

    store.resume();
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1000 - 1);
    expect(phases(store)).toEqual(["Added while paused:open", "Older:open"]);
    vi.advanceTimersByTime(1);
    expect(phases(store)).toEqual(["Added while paused:open", "Older:closing"]);
    vi.advanceTimersByTime(1000);
    expect(phases(store)).toEqual(["Added while paused:closing"]);

    // A dismissed toast closes even while paused.
    const id = store.add({ title: "Closed by hand" });
    store.pause();
    store.dismiss(id);
    vi.advanceTimersByTime(TOAST_EXIT_MS);
    expect(store.getToasts().map((toast) => toast.title)).not.toContain("Closed by hand");
  });

  it("notifies subscribers on every change until they unsubscribe", () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.add({ title: "Hi" });
    vi.advanceTimersByTime(TOAST_ENTER_DELAY_MS);
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    vi.advanceTimersByTime(TOAST_DURATION_MS + TOAST_EXIT_MS);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getToasts()).toEqual([]);
  });
});
