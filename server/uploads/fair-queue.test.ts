import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue";

/** A task that finishes when the test says so, and the log of what the queue did. */
function setUp(slots: number) {
  const queue = new FairQueue(slots);
  const log: string[] = [];
  for (const event of ["started", "finished", "cancelled"] as const) queue.on(event, (owner) => log.push(`${event} ${owner}`));
  const release = new Map<string, () => void>();
  const job = (owner: number, name: string, signal = new AbortController().signal) =>
    queue.run(owner, signal, () => new Promise<string>((resolve) => release.set(name, () => resolve(name))));
  const finish = async (name: string) => {
    release.get(name)!();
    // Let the queue hear of it and start the next job.
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  };
  return { queue, log, job, finish, started: () => [...release.keys()] };
}

describe("FairQueue", () => {
  it("lets owners take turns: one owner's pile of jobs does not hold another's", async () => {
    const { job, finish, started } = setUp(1);
    const done = [job(1, "a1"), job(1, "a2"), job(1, "a3"), job(2, "b1"), job(3, "c1")];
    expect(started()).toEqual(["a1"]);
    for (const name of ["a1", "b1", "c1", "a2"]) await finish(name);
    await finish("a3");
    expect(started()).toEqual(["a1", "b1", "c1", "a2", "a3"]);
    expect(await Promise.all(done)).toEqual(["a1", "a2", "a3", "b1", "c1"]);
  });

  it("runs up to `slots` jobs at once, never two of one owner", async () => {
    const { job, finish, started } = setUp(2);
    void job(1, "a1");
    void job(1, "a2");
    void job(2, "b1");
    // a2 waits for a1, though a slot is free; b1 takes it.
    expect(started()).toEqual(["a1", "b1"]);
    await finish("b1");
    expect(started()).toEqual(["a1", "b1"]);
    await finish("a1");
    expect(started()).toEqual(["a1", "b1", "a2"]);
  });

  it("drops a waiting job whose signal aborts: it never starts and fails with the signal's reason", async () => {
    const { job, finish, started, log } = setUp(1);
    void job(1, "a1");
    const leaving = new AbortController();
    const dropped = job(2, "b1", leaving.signal);
    void job(3, "c1");
    leaving.abort(new Error("client gone"));
    await expect(dropped).rejects.toThrow("client gone");
    await finish("a1");
    expect(started()).toEqual(["a1", "c1"]);
    expect(log).toEqual(["started 1", "cancelled 2", "finished 1", "started 3"]);
  });

  it("refuses a job whose signal has already aborted, and goes on after a failed one", async () => {
    const queue = new FairQueue(1);
    const gone = new AbortController();
    gone.abort(new Error("gone"));
    let ran = false;
    await expect(queue.run(1, gone.signal, async () => (ran = true))).rejects.toThrow("gone");
    expect(ran).toBe(false);
    const live = new AbortController().signal;
    await expect(queue.run(1, live, () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await queue.run(1, live, async () => "next")).toBe("next");
  });
});
