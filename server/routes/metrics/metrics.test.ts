import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { mayReadMetrics } from "../../policies/metrics";
import { createTestApp } from "../../test/app";
import { BEHIND_PROXY, fromAddress } from "../../test/fixtures";

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

  it("counts the outbox's waiting and failed mails", async () => {
    const outbox = (samples: Sample[], state: string) => samples.find((s) => s.name === "mail_outbox_mails" && s.labels.state === state)?.value;
    const before = await scrape(direct.app);
    // Due in an hour (no sender claims it meanwhile), and one given up.
    await direct.database.pool.query("INSERT INTO mail_outbox (sealed_mail, next_attempt_at) VALUES ('sealed', now() + interval '1 hour')");
    await direct.database.pool.query("INSERT INTO mail_outbox (sealed_mail, failed_at, last_error) VALUES ('sealed', now(), '550 no such mailbox')");
    const after = await scrape(direct.app);
    expect([outbox(after, "waiting"), outbox(after, "failed")]).toEqual([outbox(before, "waiting")! + 1, outbox(before, "failed")! + 1]);
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
