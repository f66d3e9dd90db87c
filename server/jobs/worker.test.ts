import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createMetrics } from "../metrics/metrics";
import { countJobs } from "../queries/job-queue";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { jobsSettled, queuedJobs } from "../test/jobs";
import { startRelay } from "../test/relay";
import { addJob } from "./queue";
import { startJobWorker, type JobHandler, type JobWorker } from "./worker";

const logger = createLogger({ level: "silent" });

describe("the job worker", () => {
  let database: TestDatabase;
  const workers: JobWorker[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await database.drop();
  });

  /** A worker on the test database as the app role, like a server process's, with /metrics of its own. */
  const startWorker = (tasks: Record<string, JobHandler>, connectionString = database.appUrl) => {
    const metrics = createMetrics(express(), database.pool, () => countJobs(database.db));
    const worker = startJobWorker({ connectionString, tasks, logger, metrics: metrics.jobs });
    workers.push(worker);
    return { worker, metrics };
  };

  it("runs a job added in a transaction once it commits, and never one whose transaction rolled back", async () => {
    const ran: unknown[] = [];
    startWorker({ committed: async (payload) => void ran.push(payload) });
    const rolledBack = database.db.transaction(async (tx) => {
      await addJob(tx, "committed", { n: 1 });
      throw new Error("rolled back");
    });
    await expect(rolledBack).rejects.toThrow("rolled back");
    await database.db.transaction((tx) => addJob(tx, "committed", { n: 2 }));
    await jobsSettled(database.db, ["committed"]);
    expect(ran).toEqual([{ n: 2 }]);
    expect(await queuedJobs(database.db, "committed")).toEqual([]);
  });

  it("retries a failing job with backoff, counts each attempt in /metrics, then runs it to success", async () => {
    let attempts = 0;
    const { metrics } = startWorker({
      flaky: async () => {
        if (++attempts === 1) throw new Error("the service refused");
      },
    });
    const before = Date.now();
    await addJob(database.db, "flaky", {});
    await expect.poll(() => attempts, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await queuedJobs(database.db, "flaky"))[0]?.lastError, { timeout: 10_000 }).toBe("the service refused");
    const [failed] = await queuedJobs(database.db, "flaky");
    // The library's backoff: e^attempts seconds after the failure (2.7 s, 7.4 s, 20 s … up to 6 h).
    expect(failed!.runAt.getTime() - before).toBeGreaterThan(2_000);
    expect(failed!.attempts).toBe(1);
    expect(await metrics.text()).toMatch(/^job_runs_total\{task="flaky",outcome="failed"\} 1$/m);
    expect(await metrics.text()).toMatch(/^job_queue_jobs\{task="flaky",state="waiting"\} 1$/m);

    await expect.poll(async () => queuedJobs(database.db, "flaky"), { timeout: 15_000 }).toEqual([]);
    expect(attempts).toBe(2);
    expect(await metrics.text()).toMatch(/^job_runs_total\{task="flaky",outcome="succeeded"\} 1$/m);
  });

  it("keeps a job that failed its last attempt as failed, and counts it given up", async () => {
    const { metrics } = startWorker({
      doomed: async () => {
        throw new Error("never works");
      },
    });
    await addJob(database.db, "doomed", {}, { maxAttempts: 1 });
    await expect.poll(async () => (await queuedJobs(database.db, "doomed"))[0]?.lastError, { timeout: 10_000 }).toBe("never works");
    expect(await queuedJobs(database.db, "doomed")).toMatchObject([{ attempts: 1, maxAttempts: 1, lockedAt: null }]);
    expect(await metrics.text()).toMatch(/^job_given_up_total\{task="doomed"\} 1$/m);
    expect(await metrics.text()).toMatch(/^job_queue_jobs\{task="doomed",state="failed"\} 1$/m);
  });

  it("runs each of 100 jobs exactly once with two workers taking them at once", async () => {
    const runs = new Map<number, string[]>();
    const handler = (name: string): JobHandler => async (payload) => {
      const { n } = payload as { n: number };
      runs.set(n, [...(runs.get(n) ?? []), name]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 100; n++) await addJob(tx, "race", { n });
    });
    startWorker({ race: handler("a") });
    startWorker({ race: handler("b") });
    await jobsSettled(database.db, ["race"]);
    expect(runs.size).toBe(100);
    expect([...runs.values()].every((names) => names.length === 1)).toBe(true);
    expect(new Set([...runs.values()].flat())).toEqual(new Set(["a", "b"]));
  });

  it("on stop finishes the job under way, then takes no other", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    const finished: number[] = [];
    const { worker } = startWorker({
      slow: async (payload) => {
        const { n } = payload as { n: number };
        started.push(n);
        if (n === 1) await held;
        finished.push(n);
      },
    });
    await addJob(database.db, "slow", { n: 1 });
    await expect.poll(() => started, { timeout: 10_000 }).toEqual([1]);
    const stopping = worker.stop();
    release();
    await stopping;
    expect(finished).toEqual([1]);
    await addJob(database.db, "slow", { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(started).toEqual([1]);
    expect(await queuedJobs(database.db, "slow")).toMatchObject([{ attempts: 0, lockedAt: null }]);
  });

  it("outlives a database that stops answering while it records a job's outcome, and takes jobs again once it answers", async () => {
    const relay = await startRelay(database.appUrl);
    const ran: number[] = [];
    const { worker } = startWorker(
      {
        silencing: async (payload) => {
          const { n } = payload as { n: number };
          ran.push(n);
          // The outcome is recorded after this returns, on a connection that cannot be had in time.
          if (n === 1) relay.silence();
        },
      },
      relay.url,
    );
    await addJob(database.db, "silencing", { n: 1 });
    await expect.poll(() => ran, { timeout: 10_000 }).toEqual([1]);
    // Past the pool's 5 s connect timeout: the failed write reached the worker, not the process.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    relay.forward();
    await addJob(database.db, "silencing", { n: 2 });
    await expect.poll(() => ran, { timeout: 30_000, interval: 200 }).toContain(2);
    await worker.stop();
    await relay.close();
  }, 60_000);
});
