import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { insertMember, signedInAgent } from "../test/fixtures";
import { createDatabase } from "./client";

/**
 * Behind PgBouncer in transaction mode each statement may run on a server connection another client
 * used a moment ago, and leaves it for the next: a request may leave nothing on its connection.
 * DATABASE_DIRECT_URL set to another URL says DATABASE_URL is such a pooler.
 */
describe.each([
  ["behind a pooler (DATABASE_DIRECT_URL elsewhere)", true],
  ["straight to PostgreSQL", false],
])("the request pool's connections, %s", (_where, pooled) => {
  let base: TestDatabase;
  let t: TestApp;
  const connections: pg.Client[] = [];
  beforeAll(async () => {
    base = await createTestDatabase();
    const database = createDatabase(base.appUrl, createLogger({ level: "silent" }), pooled ? { directUrl: base.url } : {});
    database.pool.on("connect", (client) => connections.push(client as pg.Client));
    t = await createTestApp({}, { database: { ...base, ...database, drop: async () => {
      await database.pool.end();
      await base.drop();
    } } });
  });
  afterAll(async () => {
    await t.close();
    await t.database.drop();
  });

  /** What a connection keeps from the requests it served, beyond what it started with. */
  const sessionState = async (client: pg.Client) => {
    const { rows } = await client.query(`SELECT
      (SELECT coalesce(array_agg(name ORDER BY name), '{}') FROM pg_prepared_statements) AS statements,
      (SELECT coalesce(array_agg(name ORDER BY name), '{}') FROM pg_settings WHERE source = 'session') AS settings,
      (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()) AS advisory_locks,
      (SELECT count(*)::int FROM pg_class WHERE relpersistence = 't') AS temporary_tables,
      (SELECT count(*)::int FROM pg_listening_channels()) AS listening`);
    return rows[0] as { statements: string[]; settings: string[]; advisory_locks: number; temporary_tables: number; listening: number };
  };

  it(pooled ? "keep no session state: no named statement, setting, advisory lock, temporary table or LISTEN" : "keep their named statements (the plan cache)", async () => {
    const author = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, author.username);
    const topic = await agent.post("/api/topics").send({ title: "Pooled", description: "a request mix" }).expect(201);
    await agent.post(`/api/topics/${topic.body.id}/posts`).send({ content: `hello @${author.username}` }).expect(201);
    await Promise.all([
      agent.get("/api/topics").expect(200),
      agent.get(`/api/topics/${topic.body.id}`).expect(200),
      agent.get(`/api/topics/${topic.body.id}/posts`).expect(200),
      agent.get("/api/users?page=1").expect(200),
      agent.get(`/api/users/${author.username}`).expect(200),
      agent.get(`/api/users/${author.id}/badges`).expect(200),
      agent.get("/api/search?q=hello").expect(200),
      agent.get("/api/search?q=pooled&type=topics").expect(200),
      agent.get("/api/notifications").expect(200),
    ]);
    await agent.put(`/api/topics/${topic.body.id}/read`).send({ postId: 1 });
    await agent.post("/api/auth/logout").expect(200);

    const states = await Promise.all(connections.map(sessionState));
    expect(states.length).toBeGreaterThan(0);
    const statements = states.flatMap((state) => state.statements);
    if (!pooled) {
      expect(statements).toContain("read_session");
      return;
    }
    for (const state of states) expect(state).toEqual({ statements: [], settings: [], advisory_locks: 0, temporary_tables: 0, listening: 0 });
  });
});
