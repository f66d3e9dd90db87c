import { createHmac } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { openReplica, type Replica } from "../db/replica";
import { createLogger } from "../logger";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { heardSoFar } from "../test/forum-changes-heard";
import { insertMember, signedInAgent, type Agent } from "../test/fixtures";
import { READ_YOUR_WRITES_MS, WROTE_COOKIE } from "./read-your-writes";

const SECRET = "test-session-secret-that-is-long-enough";

/**
 * DATABASE_REPLICA_URL (docs/product.md "Speed"). The stand-in replica is another database
 * of the same schema with no rows of its own: a read served by it finds nothing the primary has. Its
 * lag is told by the test (test:scale measures a real one).
 */
describe("reads with a replica", () => {
  let standIn: TestDatabase;
  let replica: Replica;
  let t: TestApp;
  const probe = { lagMs: 0, down: false };
  let author: Agent;
  let session: string;
  let topicId: number;
  let memberId: number;
  beforeAll(async () => {
    const primary = await createTestDatabase();
    standIn = await createTestDatabase();
    replica = openReplica({
      url: standIn.appUrl,
      primary,
      logger: createLogger({ level: "silent" }),
      probe: async () => {
        if (probe.down) throw new Error("the replica does not answer");
        return probe.lagMs;
      },
    });
    await replica.checked();
    t = await createTestApp({}, { database: primary, replica });
    const member = await insertMember(t.database.db);
    memberId = member.id;
    author = await signedInAgent(t.app, member.username);
    const login = await request(t.app).post("/api/auth/login").send({ username: member.username, password: "Secret123" }).expect(200);
    session = (login.headers["set-cookie"] as unknown as string[]).find((cookie) => cookie.startsWith("sid="))!.split(";")[0]!;
    topicId = (await author.post("/api/topics").send({ title: "Fresh", description: "on the primary" }).expect(201)).body.id;
  });
  afterAll(async () => {
    await t.close();
    await replica.close();
    await standIn.drop();
  });

  /**
   * A topic list with `cookies` only: whether it has the topic the author just wrote (on the primary
   * only). Not the plain first page, whose shared part is kept per process, filled from the primary.
   */
  const seesTopic = async (...cookies: string[]) =>
    ((await request(t.app).get("/api/topics?filter=top&period=all").set("Cookie", cookies.join("; ")).expect(200)).body as Array<{ id: number }>).some(
      (topic) => topic.id === topicId,
    );
  const wroteCookie = (until: number, secret = SECRET) =>
    `${WROTE_COOKIE}=${until}.${createHmac("sha256", secret).update(`${WROTE_COOKIE}:${until}`).digest("base64url")}`;
  const setCheck = async (next: Partial<typeof probe>) => {
    Object.assign(probe, next);
    await replica.checked();
  };

  it("reads from the replica, except for a client that wrote in the last 10 s, whose reads see its write on any process", async () => {
    // The author's browser kept the cookie its write was answered with.
    expect((await author.get("/api/topics").expect(200)).body.map((topic: { id: number }) => topic.id)).toContain(topicId);
    // Their session alone, as another device: the replica's answer, a moment stale.
    expect(await seesTopic(session)).toBe(false);
    // The cookie alone carries it: any process with the secret reads it (nginx does not stick).
    expect(await seesTopic(session, wroteCookie(Date.now() + READ_YOUR_WRITES_MS))).toBe(true);
  });

  it("gives a client that wrote its own parts of a kept posts page from the primary: its change may have gone through a process this one has not heard from", async () => {
    await forumCacheListening();
    const topic = (await author.post("/api/topics").send({ title: "Marked" }).expect(201)).body as { id: number };
    const post = (await author.post(`/api/topics/${topic.id}/posts`).send({ content: "Mark me" }).expect(201)).body as { id: number };
    const bookmarked = async (...cookies: string[]) =>
      ((await request(t.app).get(`/api/topics/${topic.id}/posts`).set("Cookie", cookies.join("; ")).expect(200)).body as Array<{ id: number; bookmarked: boolean }>).find(
        (shown) => shown.id === post.id,
      )!.bookmarked;
    await heardSoFar(t, (text, values) => t.database.pool.query(text, values));
    expect(await bookmarked(session)).toBe(false);
    // Bookmarked with no announcement here, as through another process not heard from yet.
    await t.database.pool.query("INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2)", [memberId, post.id]);
    expect(await bookmarked(session)).toBe(false);
    expect(await bookmarked(session, wroteCookie(Date.now() + READ_YOUR_WRITES_MS))).toBe(true);
  });

  it("ignores a forged, expired or too distant read-your-writes cookie", async () => {
    expect(await seesTopic(session, wroteCookie(Date.now() + 5_000, "another-secret-that-is-long-enough!!"))).toBe(false);
    expect(await seesTopic(session, wroteCookie(Date.now() - 1))).toBe(false);
    expect(await seesTopic(session, wroteCookie(Date.now() + 60 * 60_000))).toBe(false);
  });

  it("reads from the primary while the replica is more than 10 s behind or does not answer, and from the replica again after", async () => {
    await setCheck({ lagMs: 10_001 });
    expect(await seesTopic(session)).toBe(true);
    await setCheck({ lagMs: 0, down: true });
    expect(await seesTopic(session)).toBe(true);
    await setCheck({ down: false });
    expect(await seesTopic(session)).toBe(false);
  });

  it("routes the members list, profiles, search and public cards the same way", async () => {
    const [member] = await t.database.db.select({ username: users.username }).from(users).limit(1);
    await author.post("/api/bio").expect(201);
    const paths = ["/api/users?page=1", `/api/users/${member!.username}`, "/api/search?q=fresh&type=topics", `/api/bio/${member!.username}`, `/${member!.username}`];
    for (const path of paths) {
      const primaryAnswer = await request(t.app).get(path).set("Cookie", [session, wroteCookie(Date.now() + READ_YOUR_WRITES_MS)].join("; "));
      const replicaAnswer = await request(t.app).get(path).set("Cookie", session);
      expect([path, primaryAnswer.status]).toEqual([path, 200]);
      expect([path, replicaAnswer.status, replicaAnswer.text]).not.toEqual([path, primaryAnswer.status, primaryAnswer.text]);
    }
  });

  const forumCacheListening = async () => {
    for (let attempt = 0; !(t.forumCaches.topicPages.isListening && t.forumCaches.topicLists.isListening); attempt++) {
      if (attempt === 200) throw new Error("the forum cache never listened");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it("opens a topic the replica does not have yet from the primary, as the kept list (filled from the primary) shows it", async () => {
    await forumCacheListening();
    expect((await request(t.app).get("/api/topics").set("Cookie", session).expect(200)).body.map((topic: { id: number }) => topic.id)).toContain(topicId);
    expect((await request(t.app).get(`/api/topics/${topicId}`).set("Cookie", session).expect(200)).body).toMatchObject({ id: topicId, title: "Fresh" });
    await request(t.app).get("/api/topics/987654").set("Cookie", session).expect(404);
  });

  it("fills the forum cache from the primary, never the replica, which may not have a change yet when its announcement arrives", async () => {
    await forumCacheListening();
    // A reader of the replica, where the topic is not: the page every member shares is the primary's.
    await request(t.app).get(`/api/topics/${topicId}/posts`).set("Cookie", session).expect(200, []);
  });
});

describe("a read the replica fails", () => {
  let primary: TestDatabase;
  let replica: Replica;
  beforeAll(async () => {
    primary = await createTestDatabase();
    // Nothing listens on port 1: every read fails to connect, though the (told) lag says it is fine.
    replica = openReplica({ url: "postgres://nobody:secret@127.0.0.1:1/none", primary, logger: createLogger({ level: "silent" }), probe: async () => 0 });
    await replica.checked();
  });
  afterAll(async () => {
    await replica.close();
    await primary.drop();
  });

  it("is answered by the primary, and the replica is not read again until a check finds it well", async () => {
    expect(replica.usable()).toBe(true);
    const member = await insertMember(primary.db);
    const rows = await replica.db.select({ id: users.id }).from(users);
    expect(rows).toEqual([{ id: member.id }]);
    expect(replica.usable()).toBe(false);
  });
});
