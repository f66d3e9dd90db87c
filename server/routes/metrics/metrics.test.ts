import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { makeWorkerUtils } from "graphile-worker";
import { sql } from "drizzle-orm";
import { queueMail } from "../../commands/mail-outbox";
import { addJob } from "../../jobs/queue";
import { TASKS } from "../../jobs/tasks";
import { mayReadMetrics } from "../../policies/metrics";
import { createTestApp } from "../../test/app";
import { BEHIND_PROXY, fromAddress } from "../../test/fixtures";
import { jobsSettled, queuedJobs } from "../../test/jobs";

const TOKEN = "a-metrics-token-of-some-length";
const t = await createTestApp({ ...BEHIND_PROXY, METRICS_TOKEN: TOKEN });
const direct = await createTestApp();
afterAll(() => Promise.all([t.close(), direct.close()]));

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus text: every sample line is `name{labels} value`, and belongs to a family with HELP and TYPE. */
function parseExposition(text: string): Sample[] {
  const typed = new Set<string>();
  const helped = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n").filter(Boolean)) {
    const comment = line.match(/^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/);
    if (comment) {
      (comment[1] === "HELP" ? helped : typed).add(comment[2]!);
      continue;
    }
    const sample = line.match(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries([...(sample[2] ?? "").matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    const value = Number(sample[3]);
    if (Number.isNaN(value) && !/^nan$/i.test(sample[3]!)) throw new Error(`not a value: ${line}`);
    const family = [...typed].find((name) => sample[1] === name || sample[1]!.startsWith(`${name}_`));
    if (!family || !helped.has(family)) throw new Error(`sample without HELP and TYPE: ${line}`);
    samples.push({ name: sample[1]!, labels, value });
  }
  return samples;
}

const scrape = async (app = t.app) => {
  const res = await request(app).get("/metrics").expect(200);
  expect(res.type).toBe("text/plain");
  return parseExposition(res.text);
};

const requestCount = (samples: Sample[], labels: Record<string, string>) =>
  samples.find((s) => s.name === "http_request_duration_seconds_count" && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value ?? 0;

describe("/metrics", () => {
  it("answers Prometheus text with the pool, sockets, event-loop lag and process metrics", async () => {
    const names = new Set((await scrape()).map((s) => s.name));
    for (const name of ["db_pool_connections", "db_pool_waiting_queries", "ws_open_sockets", "nodejs_eventloop_lag_seconds", "process_cpu_user_seconds_total"]) {
      expect(names, name).toContain(name);
    }
  });

  it("counts a request under its route pattern and status, never under its URL", async () => {
    const route = { method: "GET", route: "/api/topics/:id", status: "401" };
    const before = requestCount(await scrape(), route);
    await request(t.app).get("/api/topics/987654").expect(401);
    await request(t.app).get("/api/no/such/path/123456").expect(404);
    const after = await scrape();
    expect(requestCount(after, route)).toBe(before + 1);
    expect(requestCount(after, { route: "unmatched", status: "404" })).toBeGreaterThan(0);
    const routes = after.filter((s) => s.name.startsWith("http_request_duration_seconds")).map((s) => s.labels.route!);
    expect(routes.filter((r) => /987654|123456/.test(r))).toEqual([]);
  });

  it("counts the job queue's waiting and failed jobs per task, and a failed attempt", async () => {
    const queued = (samples: Sample[], state: string) => samples.find((s) => s.name === "job_queue_jobs" && s.labels.task === TASKS.sendMail && s.labels.state === state)?.value ?? 0;
    const failedRuns = (samples: Sample[]) => samples.find((s) => s.name === "job_runs_total" && s.labels.task === TASKS.sendMail && s.labels.outcome === "failed")?.value ?? 0;
    const before = await scrape(direct.app);
    // A mail nobody can open (its attempt fails and it waits for the next), and one given up.
    await queueMail(direct.database.db, "not-a-sealed-mail");
    await jobsSettled(direct.database.db, [TASKS.sendMail]);
    await addJob(direct.database.db, TASKS.sendMail, { sealedMail: "given-up" }, { runAt: sql`now() + interval '1 hour'` });
    const utils = await makeWorkerUtils({ pgPool: direct.database.pool });
    try {
      const [, givenUp] = await queuedJobs(direct.database.db, TASKS.sendMail);
      await utils.permanentlyFailJobs([givenUp!.id], "550 no such mailbox");
    } finally {
      await utils.release();
    }
    const after = await scrape(direct.app);
    expect([queued(after, "waiting"), queued(after, "failed")]).toEqual([queued(before, "waiting") + 1, queued(before, "failed") + 1]);
    expect(failedRuns(after)).toBe(failedRuns(before) + 1);
  });

  it("refuses a request a proxy forwarded from outside, with and without TRUST_PROXY", async () => {
    for (const app of [t.app, direct.app]) {
      const res = await request(app).get("/metrics").set(...fromAddress(7));
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("http_request_duration_seconds");
    }
    // A forged loopback address in front of the proxy's own does not help.
    await request(t.app).get("/metrics").set("X-Forwarded-For", "127.0.0.1, 203.0.113.9").expect(404);
    await request(direct.app).get("/metrics").set("Forwarded", "for=203.0.113.9").expect(404);
  });

  it("opens to the right bearer token from anywhere, and not to a wrong one", async () => {
    await request(t.app).get("/metrics").set(...fromAddress(8)).set("Authorization", `Bearer ${TOKEN}`).expect(200);
    await request(t.app).get("/metrics").set(...fromAddress(8)).set("Authorization", `Bearer ${TOKEN}x`).expect(404);
    await request(t.app).get("/metrics").set("Authorization", "Bearer wrong").expect(404);
    // Without METRICS_TOKEN no token opens it.
    await request(direct.app).get("/metrics").set(...fromAddress(8)).set("Authorization", `Bearer ${TOKEN}`).expect(404);
  });
});

describe("mayReadMetrics", () => {
  const from = (peerAddress: string | undefined, extra: { forwarded?: boolean; bearer?: string } = {}) => ({ peerAddress, forwarded: false, bearer: undefined, ...extra });

  it("opens to a loopback peer whose request was not forwarded", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(mayReadMetrics(from(address), undefined), address).toBe(true);
    expect(mayReadMetrics(from("127.0.0.1", { forwarded: true }), undefined)).toBe(false);
  });

  it("refuses an outside peer, or none, without the token", () => {
    for (const address of ["203.0.113.5", "10.0.0.1", "::ffff:10.0.0.1", "2001:db8::1", "::ffff:1.127.0.0", undefined]) {
      expect(mayReadMetrics(from(address), "x".repeat(16)), String(address)).toBe(false);
    }
    expect(mayReadMetrics(from("203.0.113.5", { bearer: "x".repeat(16) }), "x".repeat(16))).toBe(true);
    expect(mayReadMetrics(from("127.0.0.1", { bearer: "y".repeat(16) }), "x".repeat(16))).toBe(false);
  });
});
