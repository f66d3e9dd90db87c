import { vi } from "vitest";
import { channels } from "../events/channels";
import type { TestApp } from "./app";

/** Polls `check` (bounded): for what a process hears by NOTIFY, a moment later. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
}

let probes = 0;

/**
 * Waits until `app` has heard by LISTEN every forum announcement committed so far. Its own come twice
 * (right after commit, then by NOTIFY): a page kept between the two is cleared by the second, so a
 * test that keeps a page and then writes behind its back waits first. NOTIFYs arrive in commit
 * order, so hearing a probe sent now (`query`: any connection to the database) means every earlier
 * one was heard.
 */
export async function heardSoFar(app: Pick<TestApp, "forumCaches">, query: (text: string, values: unknown[]) => Promise<unknown>): Promise<void> {
  const probe = `probe${++probes}`;
  const clear = vi.spyOn(app.forumCaches.topicLists, "clear");
  try {
    await query("SELECT pg_notify($1, $2)", [channels.forumChanged.name, channels.forumChanged.encode(probe)]);
    await eventually(() => clear.mock.calls.some(([tag]) => tag === probe), "the probe is heard");
  } finally {
    clear.mockRestore();
  }
}
