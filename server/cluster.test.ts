import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test/database";
import { insertMember, PASSWORD } from "./test/fixtures";
import { finished, startScript, waitForOutput } from "./test/processes";

/** A request on a connection of its own (no keep-alive), so the cluster may hand it to either process. */
function send(port: number, method: string, urlPath: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) {
  return new Promise<{ status: number; cookie?: string; text: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: urlPath,
        agent: false,
        headers: { ...(cookie ? { cookie } : {}), ...(payload ? { "content-type": "application/json" } : {}) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, cookie: res.headers["set-cookie"]?.[0]?.split(";")[0], text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

describe("WEB_CONCURRENCY", () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), "enclave-cluster-"));
  });
  afterAll(async () => {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it("runs two processes on one port that share sessions, presence and the exact limits", async () => {
    const member = await insertMember(database.db);
    const server = startScript("server/index.ts", [], {
      DATABASE_URL: database.url,
      DATA_DIR: path.join(dir, "data"),
      UPLOAD_DIR: path.join(dir, "uploads"),
      PORT: "0",
      WEB_CONCURRENCY: "2",
      RATE_LIMIT_LOGIN_PER_MINUTE: "3",
    });
    const exit = finished(server);
    let output = "";
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));
    // pino writes each process's pid before the message.
    const listening = /"pid":(\d+).*?"msg":"[^"]*is listening on http:\/\/localhost:(\d+)"/;
    await waitForOutput(server, new RegExp(`${listening.source}[\\s\\S]*${listening.source}`), 90_000);
    const [first, second] = [...output.matchAll(new RegExp(listening.source, "g"))];
    expect(first![2]).toBe(second![2]);
    expect(first![1]).not.toBe(second![1]);
    const port = Number(first![2]);

    // Signed in through one connection, the session works on every later connection, whichever process takes it.
    const login = await send(port, "POST", "/api/auth/login", { body: { username: member.username, password: PASSWORD } });
    expect(login.status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await send(port, "GET", "/api/auth/user", { cookie: login.cookie })).status).toBe(200);

    // /metrics answers for both processes together, whichever takes the scrape: their requests summed,
    // the database's job queue counted once (here a mail given up).
    await database.pool.query(`SELECT graphile_worker.permanently_fail_jobs(ARRAY[(graphile_worker.add_job('send_mail', json_build_object('sealedMail', 'sealed'), run_at => now() + interval '1 hour')).id], '550 no such mailbox')`);
    for (let i = 0; i < 2; i++) {
      const metrics = await send(port, "GET", "/metrics");
      expect(metrics.status).toBe(200);
      expect(metrics.text).toContain('http_request_duration_seconds_count{method="GET",route="/api/auth/user",status="200"} 6\n');
      expect(metrics.text).toContain('job_queue_jobs{task="send_mail",state="failed"} 1\n');
    }

    // Both processes take part in presence through the shared database.
    const processes = await database.pool.query("SELECT id FROM presence_processes");
    expect(processes.rows).toHaveLength(2);

    // The login limit (3 a minute) is counted across both: 2 more attempts pass, the next is refused.
    for (let i = 0; i < 2; i++) expect((await send(port, "POST", "/api/auth/login", { body: { username: member.username, password: "Wrong1234" } })).status).toBe(401);
    expect((await send(port, "POST", "/api/auth/login", { body: { username: member.username, password: "Wrong1234" } })).status).toBe(429);

    server.kill("SIGTERM");
    expect((await exit).code).toBe(0);
  }, 120_000);
});
