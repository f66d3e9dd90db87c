import { vi } from "vitest";

export interface StubbedAnswer {
  status?: number;
  body?: unknown;
  /** Resolves the answer only when the test says so, to look at a pending state. */
  until?: Promise<void>;
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

const unexpected: string[] = [];

/**
 * The calls made since the last look that no table named, forgotten once read. A component may
 * swallow the failed fetch (a query that shows nothing on error): renderWithApp's cleanup fails the
 * test on any left.
 */
export function takeUnexpectedCalls(): string[] {
  return unexpected.splice(0);
}

/**
 * Answers the app's fetch calls from a table keyed "METHOD /path" (the path without its query).
 * A call the table does not name fails the test: a form that sends what it should not is caught.
 * Returns the calls made, in order.
 */
export function stubApi(answers: Record<string, StubbedAnswer | ((call: ApiCall) => StubbedAnswer)>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal("fetch", async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const call = { method: init.method ?? "GET", path: url.pathname, body: typeof init.body === "string" ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const entry = answers[`${call.method} ${call.path}`];
    if (!entry) {
      unexpected.push(`${call.method} ${call.path}`);
      throw new Error(`unexpected call ${call.method} ${call.path}`);
    }
    const answer = typeof entry === "function" ? entry(call) : entry;
    await answer.until;
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: answer.body === undefined ? {} : { "Content-Type": "application/json" },
    });
  });
  return calls;
}

/** A promise the test resolves when it has looked at what shows while waiting. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
