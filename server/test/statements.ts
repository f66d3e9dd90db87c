import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
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

/** One statement as a client sent it: its text and, for a prepared one, its name. */
export interface SentStatement {
  text: string;
  name: string | undefined;
}

/**
 * The statements any client sends to PostgreSQL because of `run`, in order. Only those made in its
 * async context count: the apps' background work (the job worker, listeners) runs
 * outside it and would make the count depend on timing.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<SentStatement[]> {
  const original = pg.Client.prototype.query;
  const measured = new AsyncLocalStorage<true>();
  const sent: SentStatement[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (measured.getStore()) {
      const config = args[0] as string | { text?: string; name?: string } | undefined;
      sent.push(typeof config === "string" ? { text: config, name: undefined } : { text: config?.text ?? "", name: config?.name });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await measured.run(true, run);
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}
