import type pg from "pg";
import { vi } from "vitest";

/** The statements `pool` is sent while `run` runs (their query configs), to show what a request costs. */
export async function statementsSentDuring(pool: pg.Pool, run: () => Promise<unknown>): Promise<unknown[]> {
  const spy = vi.spyOn(pool, "query");
  try {
    await run();
    return spy.mock.calls.map(([config]) => config);
  } finally {
    spy.mockRestore();
  }
}
