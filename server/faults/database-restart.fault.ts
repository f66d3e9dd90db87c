import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { posts } from "../db/schema";
import { call, eventually, insertMembers, signIn, sleep, startFaultDatabase, startServer, type Answer, type FaultDatabase, type ServerProcess } from "./support";

const CLIENTS = 20;

describe("a database restart while 20 members post", () => {
  let database: FaultDatabase;
  let server: ServerProcess;
  let cookies: string[];
  let topicId: number;
  beforeAll(async () => {
    database = await startFaultDatabase();
    server = await startServer(database);
    const members = await insertMembers(database.owner.db, CLIENTS, "poster");
    cookies = await Promise.all(members.map((member) => signIn(server.origin, member.username)));
    const topic = await call(server.origin, "POST", "/api/topics", { cookie: cookies[0], body: { title: "Restart", description: "posts across a restart" } });
    expect(topic.status).toBe(201);
    topicId = (topic.body as { id: number }).id;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it("loses no acknowledged post, answers 503 while it is down, and recovers by itself", async () => {
    type Sent = Answer & { content: string; startedAt: number; endedAt: number };
    const sent: Sent[] = [];
    let running = true;
    const poster = async (client: number) => {
      for (let n = 0; running; n++) {
        const content = `client ${client} post ${n}`;
        const startedAt = Date.now();
        const answer = await call(server.origin, "POST", `/api/topics/${topicId}/posts`, { cookie: cookies[client], body: { content } });
        sent.push({ ...answer, content, startedAt, endedAt: Date.now() });
        if (answer.status !== 201) await sleep(100);
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, client) => poster(client)));

    await eventually("posts answered before the restart", 30_000, () => sent.filter((s) => s.status === 201).length >= 40);
    const downAt = Date.now();
    await database.restart(3_000);
    const upAt = Date.now();
    // The server reconnects on its own: every client posts successfully again.
    const recoveredIn = await eventually("every client posting again after the restart", 30_000, () =>
      cookies.every((_, client) => sent.some((s) => s.startedAt > upAt && s.status === 201 && s.content.startsWith(`client ${client} `))),
    ).catch((error) => {
      console.log(JSON.stringify(sent.filter((s) => s.startedAt > upAt).slice(-10)), server.output().slice(-5000));
      throw error;
    });
    running = false;
    await load;

    const statuses = [...new Set(sent.map((s) => s.status))].sort();
    const unexpected = sent.filter((s) => s.status !== 201 && s.status !== 503);
    expect(unexpected, `answers other than 201/503 (server log tail: ${server.output().slice(-3000)})`).toEqual([]);
    expect(statuses).toEqual([201, 503]);
    const duringOutage = sent.filter((s) => s.startedAt > downAt + 500 && s.endedAt < upAt);
    expect(duringOutage.length).toBeGreaterThan(0);
    expect(duringOutage.every((s) => s.status === 503)).toBe(true);
    for (const answer of sent.filter((s) => s.status === 503)) {
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
    expect(recoveredIn).toBeLessThan(30_000);

    // Every acknowledged post is stored, with what was sent.
    const acknowledged = sent.filter((s) => s.status === 201).map((s) => ({ id: (s.body as { id: number }).id, content: s.content }));
    const stored = await database.owner.db
      .select({ id: posts.id, content: posts.content })
      .from(posts)
      .where(inArray(posts.id, acknowledged.map((a) => a.id)));
    expect(stored.sort((a, b) => a.id - b.id)).toEqual(acknowledged.sort((a, b) => a.id - b.id));

    // Members are still signed in, and the counters agree with the rows.
    for (const cookie of cookies) expect((await call(server.origin, "GET", "/api/auth/user", { cookie })).status).toBe(200);
    expect((await call(server.origin, "GET", "/api/health")).status).toBe(200);
    const { rows } = await database.owner.pool.query(
      `SELECT t.posts_count, (SELECT count(*)::int FROM posts p WHERE p.topic_id = t.id) AS actual,
              t.last_post_at = (SELECT max(created_at) FROM posts p WHERE p.topic_id = t.id) AS last_exact
         FROM topics t WHERE t.id = $1`,
      [topicId],
    );
    expect(rows[0]).toEqual({ posts_count: rows[0].actual, actual: expect.any(Number), last_exact: true });
  });
});
