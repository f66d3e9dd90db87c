import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort } from "../db/embedded-postgres";
import {
  call,
  eventually,
  inBatches,
  insertMembers,
  openPresence,
  signIn,
  sleep,
  startFaultDatabase,
  startNginx,
  startServer,
  type Answer,
  type FaultDatabase,
  type PresenceSocket,
  type ServerProcess,
} from "./support";

/** docs/product.md "Presence": a killed process's members are offline for everyone within 75 s. */
const OFFLINE_WITHIN_MS = 75_000;

describe("two server processes behind nginx", () => {
  let database: FaultDatabase;
  let servers: ServerProcess[];
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let site: string;
  beforeAll(async () => {
    database = await startFaultDatabase();
    const [first, second] = [await findFreePort(), await findFreePort()];
    servers = [];
    // The first migrates; the second finds the database ready (they would also take turns).
    for (const port of [first, second]) {
      servers.push(await startServer(database, { PORT: String(port), TRUST_PROXY: "true" }));
    }
    nginx = await startNginx(servers.map((server) => server.port));
    site = nginx.origin;
  });
  afterAll(async () => {
    await nginx?.stop();
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await database?.close();
  });

  /** Every counter the forum keeps, compared with the rows it counts: the rows that differ. */
  const counterDrift = async () => {
    const { rows } = await database.owner.pool.query(`
      SELECT 'topic ' || t.id AS what FROM topics t
       WHERE t.posts_count <> (SELECT count(*) FROM posts p WHERE p.topic_id = t.id)
          OR t.last_post_at IS DISTINCT FROM (SELECT max(created_at) FROM posts p WHERE p.topic_id = t.id)
      UNION ALL
      SELECT 'member ' || u.id FROM users u
       WHERE u.posts_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id)
      UNION ALL
      SELECT 'member block ' || b.block FROM member_blocks b,
        LATERAL (SELECT count(*)::int AS members, coalesce(sum(u.posts_count), 0)::bigint AS posts FROM users u WHERE u.id / 1000 = b.block) real
       WHERE b.members <> real.members OR b.posts <> real.posts`);
    return rows.map((row: { what: string }) => row.what);
  };

  it("keeps postsCount and lastPostAt exact with 200 concurrent writers on one topic", async () => {
    const members = await insertMembers(database.owner.db, 200, "writer");
    const cookies = await inBatches(members, 10, (member) => signIn(site, member.username));
    const topic = await call(site, "POST", "/api/topics", { cookie: cookies[0], body: { title: "Crowded", description: "200 writers" } });
    expect(topic.status).toBe(201);
    const topicId = (topic.body as { id: number }).id;

    const answers = await Promise.all(
      cookies.map((cookie, i) => call(site, "POST", `/api/topics/${topicId}/posts`, { cookie, body: { content: `writer ${i}` } })),
    );
    // Each post waits its turn on the topic's row lock. What cannot be served within the statement
    // timeout or the pool's wait (5 s each, so a loaded machine sheds some) is refused whole with a
    // 503, never half-applied; everything acknowledged is stored and counted exactly once.
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 503)).toEqual([]);
    for (const refused of answers.filter((answer) => answer.status === 503)) expect(refused.body).toEqual({ message: expect.any(String) });
    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => (answer.body as { id: number }).id);
    expect(acknowledged.length).toBeGreaterThan(0);

    const { rows } = await database.owner.pool.query(
      `SELECT t.posts_count, t.last_post_at = (SELECT max(created_at) FROM posts WHERE topic_id = t.id) AS last_exact,
              (SELECT array_agg(id ORDER BY id) FROM posts WHERE topic_id = t.id) AS ids
         FROM topics t WHERE t.id = $1`,
      [topicId],
    );
    expect(rows).toEqual([{ posts_count: acknowledged.length, last_exact: true, ids: acknowledged.sort((a, b) => a - b) }]);
    expect(await counterDrift()).toEqual([]);
  });

  it("survives kill -9 of one process mid-load: members stay signed in, its members go offline within 75 s, no counter drifts", async () => {
    const members = await insertMembers(database.owner.db, 12, "online");
    const cookies = await inBatches(members, 6, (member) => signIn(site, member.username));
    const topicIds = await Promise.all(
      cookies.map(async (cookie, i) => {
        const topic = await call(site, "POST", "/api/topics", { cookie, body: { title: `Kill ${i}`, description: "mid-load" } });
        return (topic.body as { id: number }).id;
      }),
    );

    // Each member's socket lands on either process (nginx takes turns).
    const sockets: PresenceSocket[] = [];
    for (const [i, member] of members.entries()) sockets.push(await openPresence(site, member.id, cookies[i]!));
    await eventually("everyone online in the database", 20_000, async () => {
      const { rows } = await database.owner.pool.query("SELECT count(*)::int AS n FROM users WHERE is_online AND username LIKE 'online\\_%'");
      return rows[0].n === members.length;
    });

    // Load: every member posts in their topic and reads it, through nginx, until told to stop.
    type Sent = Answer & { at: number };
    const sent: Sent[] = [];
    let running = true;
    const worker = async (i: number) => {
      for (let n = 0; running; n++) {
        const at = Date.now();
        const answer =
          n % 2 === 0
            ? await call(site, "POST", `/api/topics/${topicIds[i]}/posts`, { cookie: cookies[i], body: { content: `member ${i} post ${n}` } })
            : await call(site, "GET", `/api/topics/${topicIds[i]}`, { cookie: cookies[i] });
        sent.push({ ...answer, at });
        await sleep(50);
      }
    };
    const load = Promise.all(cookies.map((_, i) => worker(i)));
    await eventually("load under way", 20_000, () => sent.filter((s) => s.status < 300).length >= 100);

    const victim = servers[0]!;
    const killedAt = Date.now();
    victim.child.kill("SIGKILL");
    await eventually("sockets on the killed process closed", 10_000, () => sockets.some((s) => s.closed));
    await sleep(3_000);
    running = false;
    await load;

    // Apart from requests the killed process held at that moment, everything was answered.
    const afterKill = sent.filter((s) => s.at > killedAt + 1_000);
    expect(afterKill.length).toBeGreaterThan(20);
    expect(afterKill.filter((s) => s.status < 200 || s.status >= 300)).toEqual([]);
    expect(sent.filter((s) => s.status >= 500 && s.status !== 502)).toEqual([]);

    // Everyone is still signed in (sessions live in PostgreSQL, not in the dead process).
    for (const cookie of cookies) expect((await call(site, "GET", "/api/auth/user", { cookie })).status).toBe(200);

    const dead = sockets.filter((s) => s.closed);
    const alive = sockets.filter((s) => !s.closed);
    expect(dead.length).toBeGreaterThan(0);
    expect(alive.length).toBeGreaterThan(0);
    // The survivor announces the dead process's members offline, to members connected to it.
    const announcedOffline = (userId: number) =>
      alive.every((s) => s.messages.some((m) => m.type === "user_status_change" && m.userId === userId && m.isOnline === false));
    await eventually("the killed process's members announced offline", OFFLINE_WITHIN_MS - (Date.now() - killedAt), () =>
      dead.every((s) => announcedOffline(s.userId)),
    );
    expect(Date.now() - killedAt).toBeLessThanOrEqual(OFFLINE_WITHIN_MS);
    const { rows } = await database.owner.pool.query<{ id: number; is_online: boolean }>(
      "SELECT id, is_online FROM users WHERE username LIKE 'online\\_%' ORDER BY id",
    );
    const deadIds = new Set(dead.map((s) => s.userId));
    expect(rows.map((row) => [row.id, row.is_online])).toEqual(rows.map((row) => [row.id, !deadIds.has(row.id)]));
    // Members on the survivor never went offline.
    for (const socket of alive) {
      expect(alive.some((s) => s.messages.some((m) => m.type === "user_status_change" && m.userId === socket.userId && m.isOnline === false))).toBe(false);
    }
    expect(await counterDrift()).toEqual([]);
    for (const socket of alive) socket.socket.close();
  });
});
