import type pg from "pg";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { banUser } from "../commands/ban-user";
import { endSessionsOf } from "../commands/end-sessions";
import { createDatabase } from "../db/client";
import { createLogger } from "../logger";
import { createTestAppWithElsewhere, type TestAppWithElsewhere } from "../test/app";
import { insertMember, PASSWORD } from "../test/fixtures";
import { statementsSentDuring } from "../test/statements";
import { channels } from "../events/channels";
import { identityChanged, watchIdentityChanges } from "./changes";
import { SessionCache } from "./session-cache";

// docs/decisions/022-identity-module.md: a request costs no session query, every change of a
// member's identity or of a session, made anywhere, is seen, and nothing else empties the cache.
describe("the session cache", () => {
  let t: TestAppWithElsewhere;
  let elsewhere: pg.Pool;
  beforeAll(async () => {
    t = await createTestAppWithElsewhere();
    elsewhere = t.elsewhere;
  });
  afterAll(() => t.close());

  async function signIn() {
    const member = await insertMember(t.database.db);
    const res = await request(t.app).post("/api/auth/login").send({ username: member.username, password: PASSWORD });
    expect(res.status).toBe(200);
    const cookie = res.headers["set-cookie"]![0]!.split(";")[0]!;
    const sid = decodeURIComponent(cookie.split("=")[1]!).slice(2).split(".")[0]!;
    return { member, cookie, sid };
  }
  const me = (cookie: string) => request(t.app).get("/api/auth/user").set("Cookie", cookie);
  const topics = (cookie: string) => request(t.app).get("/api/topics").set("Cookie", cookie);

  /** How many times `run` read a session (with its member's identity) from the database. */
  const sessionReadsDuring = async (run: () => Promise<unknown>) =>
    (await statementsSentDuring(t.database.pool, run)).filter((config) => (config as { name?: string }).name === "read_session").length;

  /** Signs in and waits until the session is served from the cache (its listener connects in the background). */
  async function cachedSession() {
    const session = await signIn();
    await vi.waitFor(async () => expect(await sessionReadsDuring(() => me(session.cookie).expect(200))).toBe(0), { timeout: 5_000, interval: 50 });
    return session;
  }

  /** Resolves once the listener has handed this process every identity announcement made before the call. */
  async function announcementsHeard() {
    let heard!: () => void;
    const sentinel = new Promise<void>((resolve) => (heard = resolve));
    // `u0` names no member: the caches drop nothing for it. Notifications arrive in order.
    const unsubscribe = await t.listener.subscribe(channels.identityChanged.name, { notify: (payload) => payload === "u0" && heard() });
    await elsewhere.query("SELECT pg_notify($1, 'u0')", [channels.identityChanged.name]);
    await sentinel;
    await unsubscribe();
  }

  it("answers a signed-in request with no session query once the session is cached", async () => {
    const { cookie, member } = await cachedSession();
    for (let i = 0; i < 3; i++) {
      let body: { username?: string } = {};
      expect(await sessionReadsDuring(async () => (body = (await me(cookie).expect(200)).body))).toBe(0);
      expect(body.username).toBe(member.username);
    }
  });

  it("keeps the session cached across a post, presence and profile changes: they are not identity", async () => {
    const { cookie, member } = await cachedSession();
    const topic = await request(t.app).post("/api/topics").set("Cookie", cookie).send({ title: "Cached" }).expect(201);
    await request(t.app).post(`/api/topics/${topic.body.id}/posts`).set("Cookie", cookie).send({ content: "A post" }).expect(201);
    // The same columns written from elsewhere (another process's presence, psql): the triggers stay quiet.
    await elsewhere.query("UPDATE users SET is_online = true, last_seen_at = now(), posts_count = posts_count + 1, bio = 'new' WHERE id = $1", [member.id]);
    await announcementsHeard();
    expect(await sessionReadsDuring(() => topics(cookie).expect(200))).toBe(0);
    expect((await me(cookie)).body.bio).toBe("new");
  });

  it("sees a ban made by another process within moments", async () => {
    const { cookie, member } = await cachedSession();
    await elsewhere.query("UPDATE users SET is_banned = true, ban_reason = 'spam' WHERE id = $1", [member.id]);
    await vi.waitFor(async () => expect((await topics(cookie)).status).toBe(403), { timeout: 3_000, interval: 20 });
  });

  it("signs out a session ended by another process within moments", async () => {
    const { cookie, sid } = await cachedSession();
    await elsewhere.query("DELETE FROM sessions WHERE sid = $1", [sid]);
    await vi.waitFor(async () => expect((await me(cookie)).status).toBe(401), { timeout: 3_000, interval: 20 });
  });

  it("sees this process's own identity commands on the very next request", async () => {
    const { cookie, member } = await cachedSession();
    const admin = await insertMember(t.database.db, { isAdmin: true });
    await banUser(t.database.db, { actor: admin, target: member, reason: "spam" });
    const banned = await topics(cookie);
    expect(banned.status).toBe(403);
    expect(banned.body.banReason).toBe("spam");
    await endSessionsOf(t.database.db, member.id);
    expect((await me(cookie)).status).toBe(401);
  });

  it("forgets a member changed by a command when its transaction ends, not before", async () => {
    const cache = new SessionCache();
    // A listener that never delivers: what is forgotten here is forgotten by the command alone.
    const silent = { subscribe: async (_channel: string, subscriber: { listening?(): unknown }) => (await subscriber.listening?.(), async () => {}) };
    const stop = watchIdentityChanges({ pool: t.database.pool, listener: silent as never, cache });
    await vi.waitFor(() => expect(cache.ticket()).toBeGreaterThan(0));
    const session = { sessJson: "{}", expireMs: Date.now() + 60_000, userId: 7, member: null };
    const cached = () => cache.get("sid") !== undefined;
    try {
      cache.put("sid", session, cache.ticket());
      await t.database.db.transaction(async (tx) => {
        await identityChanged(tx, 8);
        await identityChanged(tx, 7);
        // Until it commits, the change is not there to see: a read now would get the old row.
        expect(cached()).toBe(true);
      });
      expect(cached()).toBe(false);
      // Without a transaction, the statement is its own.
      cache.put("sid", session, cache.ticket());
      await identityChanged(t.database.db, 7);
      expect(cached()).toBe(false);
    } finally {
      stop();
    }
  });

  it("forgets a member changed by a command when its transaction ends behind a pooler too, whose clients do not carry their server's pid", async () => {
    const cache = new SessionCache();
    const silent = { subscribe: async (_channel: string, subscriber: { listening?(): unknown }) => (await subscriber.listening?.(), async () => {}) };
    // PgBouncer gives each client a process id of its own, not the backend's.
    const pooled = createDatabase(t.database.appUrl, createLogger({ level: "silent" }), { directUrl: t.database.url });
    pooled.pool.on("connect", (client) => Object.assign(client, { processID: -1 }));
    const stop = watchIdentityChanges({ pool: pooled.pool, listener: silent as never, cache });
    await vi.waitFor(() => expect(cache.ticket()).toBeGreaterThan(0));
    try {
      cache.put("sid", { sessJson: "{}", expireMs: Date.now() + 60_000, userId: 7, member: null }, cache.ticket());
      await pooled.db.transaction((tx) => identityChanged(tx, 7));
      expect(cache.get("sid")).toBeUndefined();
    } finally {
      stop();
      await pooled.pool.end();
    }
  });

  it("caches nothing while changes cannot be heard, and starts afresh when they can", async () => {
    const { cookie, member } = await cachedSession();
    // The process's listener (the job worker LISTENs on a connection of its own, application enclave-jobs).
    const { rows } = await elsewhere.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND application_name = 'enclave'`);
    expect(rows).toHaveLength(1);
    await elsewhere.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
    // Changed while nobody listens: the announcement is lost, the cached identity must not be served.
    await elsewhere.query("UPDATE users SET is_banned = true, ban_reason = 'unheard' WHERE id = $1", [member.id]);
    await vi.waitFor(async () => expect((await topics(cookie)).body.banReason).toBe("unheard"), { timeout: 3_000, interval: 20 });
    // Listening again (the listener reconnects by itself), it caches again.
    await vi.waitFor(async () => expect(await sessionReadsDuring(() => topics(cookie).expect(403))).toBe(0), { timeout: 10_000, interval: 100 });
    expect((await topics(cookie)).body.banReason).toBe("unheard");
  });
});

describe("SessionCache", () => {
  const session = { sessJson: "{}", expireMs: Date.now() + 60_000, userId: 7, member: null };

  it("does not store a row read before a change of it", () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const ticket = cache.ticket();
    cache.onAnnouncement("u7");
    cache.put("sid", session, ticket);
    expect(cache.get("sid")).toBeUndefined();
    cache.put("sid", session, cache.ticket());
    expect(cache.get("sid")).toBeDefined();
  });

  it("keeps every one of many reads under way at once: storing one is no change to the others", () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const sids = ["a", "b", "c"];
    const tickets = sids.map(() => cache.ticket());
    sids.forEach((sid, i) => cache.put(sid, { ...session, userId: i }, tickets[i]!));
    expect(sids.map((sid) => cache.get(sid)?.userId)).toEqual([0, 1, 2]);
  });

  it("forgets a member's sessions, a session, or everything, as announced", () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const fill = () => ["a", "b"].forEach((sid) => cache.put(sid, session, cache.ticket()));
    fill();
    cache.onAnnouncement("u7");
    expect([cache.get("a"), cache.get("b")]).toEqual([undefined, undefined]);
    fill();
    cache.onAnnouncement("sa");
    expect([cache.get("a"), cache.get("b")?.userId]).toEqual([undefined, 7]);
    cache.onAnnouncement("*");
    expect(cache.get("b")).toBeUndefined();
  });

  it("stores nothing while not listening, and no session past its expiry", () => {
    let now = 1_000;
    const cache = new SessionCache(() => now);
    cache.put("sid", { ...session, expireMs: 2_000 }, cache.ticket());
    expect(cache.get("sid")).toBeUndefined();
    cache.setListening(true);
    cache.put("sid", { ...session, expireMs: 2_000 }, cache.ticket());
    expect(cache.get("sid")).toBeDefined();
    now = 2_000;
    expect(cache.get("sid")).toBeUndefined();
  });
});
