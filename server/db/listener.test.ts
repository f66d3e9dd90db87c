import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { insertMember } from "../test/fixtures";
import { statementsSentDuring } from "../test/statements";
import { startPresenceServer, type PresenceServer } from "../ws/test-support";
import { createDatabase } from "./client";

// One LISTEN connection per process, shared by the session cache, the members list, presence and
// live notifications (docs/decisions/022-identity-module.md). The job worker LISTENs on a connection
// of its own pool, the library's (docs/decisions/052-one-job-queue.md).
describe("the process's listener", () => {
  let database: TestDatabase;
  let server: PresenceServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startPresenceServer(database.url);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  // As the app's own role: another role's statements are hidden from pg_stat_activity.
  const listeningConnections = async () =>
    (
      await server.pool.query<{ application: string; n: number }>(
        "SELECT application_name AS application, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' GROUP BY 1 ORDER BY 1",
      )
    ).rows;

  it("is the only LISTEN connection of a fully started process but the job worker's, /ws included", async () => {
    const member = await insertMember(database.db);
    const cookie = await server.signIn(member.username);
    const socket = await server.connect(cookie);
    const topics = () => fetch(`${server.origin}/api/topics`, { headers: { cookie } }).then((res) => expect(res.status).toBe(200));
    const sessionReads = async () =>
      (await statementsSentDuring(server.pool, topics)).filter((config) => (config as { name?: string }).name === "read_session").length;
    // Served from the session cache: identity changes are heard too, so every subscriber is in place.
    await vi.waitFor(async () => expect(await sessionReads()).toBe(0), { timeout: 5_000, interval: 50 });
    const members = await fetch(`${server.origin}/api/users?page=1`, { headers: { cookie } });
    expect(members.status).toBe(200);
    // The job worker's, started with the app, may still be connecting.
    await vi.waitFor(async () => expect(await listeningConnections()).toEqual([{ application: "enclave", n: 1 }, { application: "enclave-jobs", n: 1 }]), { timeout: 5_000, interval: 50 });
    socket.ws.terminate();
  });
});

// Behind PgBouncer in transaction mode a LISTEN through the pool is lost (its server connection goes
// back to others): the listener, and the job worker, connect to DATABASE_DIRECT_URL.
describe("the listener of a pool behind a pooler", () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    // The pool on the app's role; the "direct" connection as the owner, so the two can be told apart.
    const pooled = createDatabase(database.appUrl, createLogger({ level: "silent" }), { directUrl: database.url });
    t = await createTestApp({}, { database: { ...database, ...pooled } });
  });
  afterAll(async () => {
    await t.close();
    await t.database.pool.end();
    await database.drop();
  });

  it("listens on the direct connection, not through the pool, and so does the job worker", async () => {
    await t.listener.subscribe("pooler_test", { notify: () => {} });
    // As a superuser: the statements of another role's sessions are hidden.
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    try {
      const direct = new URL(database.url).username;
      const listening = async () =>
        (await owner.query<{ application: string; role: string }>("SELECT application_name AS application, usename AS role FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' ORDER BY 1")).rows;
      await vi.waitFor(async () => expect(await listening()).toEqual([{ application: "enclave", role: direct }, { application: "enclave-jobs", role: direct }]), { timeout: 5_000, interval: 50 });
    } finally {
      await owner.end();
    }
  });
});
