import type pg from "pg";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestAppWithElsewhere, type TestAppWithElsewhere } from "../test/app";
import { insertMember, PASSWORD } from "../test/fixtures";
import { statementsSentDuring } from "../test/statements";
import { announceOwnWrites } from "../db/identity-changes";
import { SessionCache } from "./session-cache";

// docs/decisions/018-identity-caches.md: a request costs no session query, and every change of a
// member or a session, made anywhere, is seen.
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

  const statementsDuring = async (run: () => Promise<unknown>) => (await statementsSentDuring(t.database.pool, run)).length;

  /** Signs in and waits until the session is served from the cache (its listener connects in the background). */
  async function cachedSession() {
    const session = await signIn();
    await vi.waitFor(async () => expect(await statementsDuring(() => me(session.cookie).expect(200))).toBe(0), { timeout: 5_000, interval: 50 });
    return session;
  }

  it("answers a signed-in request with no session query once the session is cached", async () => {
    const { cookie, member } = await cachedSession();
    for (let i = 0; i < 3; i++) {
      let body: { username?: string } = {};
      expect(await statementsDuring(async () => (body = (await me(cookie).expect(200)).body))).toBe(0);
      expect(body.username).toBe(member.username);
    }
  });

  it("sees a ban made by another process within moments", async () => {
    const { cookie, member } = await cachedSession();
    await elsewhere.query("UPDATE users SET is_banned = true, ban_reason = 'spam' WHERE id = $1", [member.id]);
    await vi.waitFor(async () => expect((await request(t.app).get("/api/topics").set("Cookie", cookie)).status).toBe(403), { timeout: 3_000, interval: 20 });
  });

  it("signs out a session ended by another process within moments", async () => {
    const { cookie, sid } = await cachedSession();
    await elsewhere.query("DELETE FROM sessions WHERE sid = $1", [sid]);
    await vi.waitFor(async () => expect((await me(cookie)).status).toBe(401), { timeout: 3_000, interval: 20 });
  });

  it("sees this process's own writes on the very next request", async () => {
    const { cookie, member } = await cachedSession();
    await t.database.pool.query("UPDATE users SET bio = 'written here' WHERE id = $1", [member.id]);
    expect((await me(cookie)).body.bio).toBe("written here");
    await t.database.pool.query("DELETE FROM sessions WHERE sid IN (SELECT sid FROM sessions WHERE (sess -> 'passport' ->> 'user') = $1)", [String(member.id)]);
    expect((await me(cookie)).status).toBe(401);
  });

  it("forgets at once what this process's own statements may change, reads and other tables aside", async () => {
    const cache = new SessionCache();
    cache.setListening(true);
    announceOwnWrites(t.database.pool, /\b(?:users|sessions)\b/i, () => cache.onAnnouncement("*"));
    const session = { sessJson: "{}", expireMs: Date.now() + 60_000, userId: 1, member: null };
    const cached = () => cache.get("sid") !== undefined;
    cache.put("sid", session, cache.ticket());
    await t.database.pool.query("SELECT count(*) FROM users");
    await t.database.pool.query("UPDATE topics SET title = title WHERE false");
    expect(cached()).toBe(true);
    await t.database.pool.query("UPDATE users SET bio = bio WHERE false");
    expect(cached()).toBe(false);

    // In a transaction the change counts from its commit: cached meanwhile, forgotten when it ends.
    const client = await t.database.pool.connect();
    await client.query("BEGIN");
    await client.query("DELETE FROM sessions WHERE false");
    cache.put("sid", session, cache.ticket());
    await client.query("COMMIT");
    expect(cached()).toBe(true);
    client.release();
    expect(cached()).toBe(false);
  });

  it("caches nothing while changes cannot be heard, and starts afresh when they can", async () => {
    const { cookie, member } = await cachedSession();
    const { rows } = await elsewhere.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "identity_changed"'`,
    );
    expect(rows).toHaveLength(1);
    await elsewhere.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
    // Changed while nobody listens: the announcement is lost, the cached row must not be served.
    await elsewhere.query("UPDATE users SET bio = 'changed unheard' WHERE id = $1", [member.id]);
    await vi.waitFor(async () => expect((await me(cookie)).body.bio).toBe("changed unheard"), { timeout: 3_000, interval: 20 });
    // Listening again (the listener reconnects by itself), it caches again.
    await vi.waitFor(async () => expect(await statementsDuring(() => me(cookie).expect(200))).toBe(0), { timeout: 10_000, interval: 100 });
    expect((await me(cookie)).body.bio).toBe("changed unheard");
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
