import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within, type RenderResult } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, expect, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "@/components/ui/toaster";
import { getQueryFn } from "@/lib/api-client";
import { toastStore } from "@/lib/toast";
import { takeUnexpectedCalls } from "./stub-api";

// Every test starts from an empty page, the real fetch and no toast (the store outlives a render);
// a call no stubApi table answered fails the test that made it, even when the component hid the failure.
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  const unanswered = takeUnexpectedCalls();
  for (const toast of toastStore.getToasts()) toastStore.dismiss(toast.id);
  await waitFor(() => {
    if (toastStore.getToasts().length > 0) throw new Error("toasts still closing");
  });
  expect(unanswered, "calls no stubApi table answered").toEqual([]);
});

/** The texts of the toasts on screen, newest first. */
export function toastTexts(): string[] {
  const region = screen.queryByRole("region", { name: "Toast notifications" });
  return region ? within(region).queryAllByRole("listitem").map((item) => item.textContent ?? "") : [];
}

/** The toasts on screen, newest first, each as its title and description ("" when it has none). */
export function toastMessages(): { title: string; description: string }[] {
  const region = screen.queryByRole("region", { name: "Toast notifications" });
  if (!region) return [];
  return within(region)
    .queryAllByRole("listitem")
    .map((item) => {
      const [title, description] = [...item.querySelectorAll("p")].map((line) => line.textContent ?? "");
      return { title: title ?? "", description: description ?? "" };
    });
}

/** What a control's aria-describedby points at (its hint or its validation message), as a screen reader reads it. */
export function descriptionOf(control: HTMLElement): string {
  const ids = control.getAttribute("aria-describedby")?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
}

/**
 * Component tests render a form or a screen with the app's providers (a query client of its own,
 * a router at `path`, its query string included, the toaster) and answer its calls with `stubApi`. What a person then sees is
 * read through the accessibility tree, as in the browser tests.
 */
export function renderWithApp(
  ui: ReactElement,
  { path = "/", seed = [] }: { path?: string; seed?: [QueryKey, unknown][] } = {},
): RenderResult & { user: UserEvent; location: () => string; queryClient: QueryClient } {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { queryFn: getQueryFn({ on401: "throw" }), staleTime: Infinity, retry: false, retryDelay: 0 },
      mutations: { retry: false, retryDelay: 0 },
    },
  });
  // What the app already holds when the screen opens (the current user, a topic), as [query key, data].
  for (const [key, data] of seed) queryClient.setQueryData(key, data);
  const memory = memoryLocation({ path, record: true });
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        {ui}
        <Toaster />
      </Router>
    </QueryClientProvider>,
  );
  return { ...rendered, user: userEvent.setup(), location: () => memory.history.at(-1) ?? path, queryClient };
}
