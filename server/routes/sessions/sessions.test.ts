import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { sessions } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { confirmPassword } from "../../test/confirmation";
import { BEHIND_PROXY, PASSWORD, insertMember } from "../../test/fixtures";
import { startPresenceServer, type PresenceServer, type TestSocket } from "../../ws/test-support";

const t: TestApp = await createTestApp(BEHIND_PROXY);
afterAll(() => t.close());

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** Signs in from a browser and an address; answers the agent and the session's cookie value. */
async function signInFrom(username: string, userAgent: string, address: string) {
  const agent = request.agent(t.app);
  const res = await agent.post("/api/auth/login").set("User-Agent", userAgent).set("X-Forwarded-For", address).send({ username, password: PASSWORD });
  expect(res.status).toBe(200);
  const cookie = (res.headers["set-cookie"] as unknown as string[])[0]!.split(";")[0]!;
  return { agent, cookie };
}

const storedSessionsOf = (userId: number) =>
  t.database.db.select().from(sessions).where(sql`(${sessions.sess} -> 'passport' ->> 'user') = ${String(userId)}`);

describe("GET /api/auth/sessions", () => {
  it("lists the member's sessions with browser, system, masked address and times, by opaque ids", async () => {
    const user = await insertMember(t.database.db);
    const desk = await signInFrom(user.username, DESKTOP, "203.0.113.77");
    const phone = await signInFrom(user.username, PHONE, "2001:db8:85a3::8a2e:370:7334");
    await signInFrom((await insertMember(t.database.db)).username, DESKTOP, "198.51.100.1");

    const res = await desk.agent.get("/api/auth/sessions");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["sessions"]);
    const [first, second] = res.body.sessions;
    expect(res.body.sessions).toHaveLength(2);
    expect(first).toEqual({
      id: expect.any(String),
      current: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastSeenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      browser: "Chrome 140",
      os: "Linux",
      ip: "203.0.113.*",
    });
    expect(second).toMatchObject({ current: false, browser: "Safari 18", os: "iOS", ip: "2001:db8:85a3::8a2e:370:*" });
    // The id is not the session's own id, nor anything of the cookie.
    const stored = (await storedSessionsOf(user.id)).map((row) => row.sid);
    for (const session of res.body.sessions) {
      expect(stored).not.toContain(session.id);
      expect(desk.cookie + phone.cookie).not.toContain(session.id);
    }
    expect(JSON.stringify(res.body)).not.toMatch(new RegExp(stored.join("|")));
    // Seen from the phone, that one is current.
    const fromPhone = await phone.agent.get("/api/auth/sessions");
    expect(fromPhone.body.sessions[0]).toMatchObject({ id: second.id, current: true });
  });

  it("costs no write per request: the stored session is unchanged by reading the list again", async () => {
    const user = await insertMember(t.database.db);
    const { agent } = await signInFrom(user.username, DESKTOP, "203.0.113.5");
    const before = await storedSessionsOf(user.id);
    for (let i = 0; i < 3; i++) expect((await agent.get("/api/auth/sessions")).status).toBe(200);
    expect(await storedSessionsOf(user.id)).toEqual(before);
  });

  it("renews last seen and the address with the hourly expiry refresh, not before", async () => {
    const user = await insertMember(t.database.db);
    const desk = await signInFrom(user.username, DESKTOP, "203.0.113.20");
    const phone = await signInFrom(user.username, PHONE, "203.0.113.21");
    const phoneSession = async () => (await desk.agent.get("/api/auth/sessions")).body.sessions.find((s: { current: boolean }) => !s.current);
    const before = await phoneSession();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(start + 30 * 60_000);
      await phone.agent.get("/api/auth/user").set("X-Forwarded-For", "198.51.100.40");
      expect(await phoneSession()).toEqual(before);

      vi.setSystemTime(start + 61 * 60_000);
      await phone.agent.get("/api/auth/user").set("X-Forwarded-For", "198.51.100.40");
      const after = await phoneSession();
      expect(after).toMatchObject({ id: before.id, createdAt: before.createdAt, ip: "198.51.100.*" });
      expect(new Date(after.lastSeenAt).getTime()).toBe(start + 61 * 60_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 401 signed out", async () => {
    expect((await request(t.app).get("/api/auth/sessions")).status).toBe(401);
  });
});

describe("ending sessions", () => {
  it("ends one other session (204); an unknown id or another member's is 404", async () => {
    const user = await insertMember(t.database.db);
    const here = await signInFrom(user.username, DESKTOP, "203.0.113.8");
    const there = await signInFrom(user.username, PHONE, "203.0.113.9");
    const stranger = await signInFrom((await insertMember(t.database.db)).username, DESKTOP, "203.0.113.10");
    const theirs = (await stranger.agent.get("/api/auth/sessions")).body.sessions[0].id as string;
    // Ending another session is a sensitive change (server/middlewares/fresh-confirmation.test.ts).
    await confirmPassword(here.agent);
    const other = (await here.agent.get("/api/auth/sessions")).body.sessions.find((s: { current: boolean }) => !s.current).id as string;

    expect((await here.agent.delete(`/api/auth/sessions/${theirs}`)).status).toBe(404);
    expect((await here.agent.delete("/api/auth/sessions/not-a-session")).status).toBe(404);
    expect((await stranger.agent.get("/api/auth/user")).status).toBe(200);

    const res = await here.agent.delete(`/api/auth/sessions/${other}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await there.agent.get("/api/auth/user")).status).toBe(401);
    expect((await here.agent.get("/api/auth/user")).status).toBe(200);
    expect((await here.agent.get("/api/auth/sessions")).body.sessions).toHaveLength(1);
    expect((await here.agent.delete(`/api/auth/sessions/${other}`)).status).toBe(404);
  });

  it("ends this session by its id as logout does", async () => {
    const user = await insertMember(t.database.db);
    const here = await signInFrom(user.username, DESKTOP, "203.0.113.11");
    const own = (await here.agent.get("/api/auth/sessions")).body.sessions[0].id as string;
    expect((await here.agent.delete(`/api/auth/sessions/${own}`)).status).toBe(204);
    expect((await request(t.app).get("/api/auth/user").set("Cookie", here.cookie)).status).toBe(401);
    expect(await storedSessionsOf(user.id)).toEqual([]);
  });

  it("ends every other session at once and keeps this one", async () => {
    const user = await insertMember(t.database.db);
    const here = await signInFrom(user.username, DESKTOP, "203.0.113.12");
    const others = [await signInFrom(user.username, PHONE, "203.0.113.13"), await signInFrom(user.username, DESKTOP, "203.0.113.14")];
    await confirmPassword(here.agent);
    expect((await here.agent.delete("/api/auth/sessions").send({ extra: 1 })).status).toBe(400);
    expect((await here.agent.delete("/api/auth/sessions")).status).toBe(204);
    for (const other of others) expect((await other.agent.get("/api/auth/user")).status).toBe(401);
    expect((await here.agent.get("/api/auth/sessions")).body.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it("ends the other sessions when the password changes", async () => {
    const user = await insertMember(t.database.db);
    const here = await signInFrom(user.username, DESKTOP, "203.0.113.15");
    const there = await signInFrom(user.username, PHONE, "203.0.113.16");
    await confirmPassword(here.agent);
    expect((await here.agent.patch("/api/auth/change-password").send({ currentPassword: PASSWORD, newPassword: "Brand-new-123" })).status).toBe(200);
    expect((await there.agent.get("/api/auth/user")).status).toBe(401);
    const list = (await here.agent.get("/api/auth/sessions")).body.sessions;
    expect(list).toEqual([expect.objectContaining({ current: true, browser: "Chrome 140", ip: "203.0.113.*" })]);
  });
});

describe("an ended session's sockets", () => {
  let database: TestDatabase;
  let site: PresenceServer;
  const sockets: TestSocket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.ws.terminate();
    await site?.close();
    await database?.drop();
  });

  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${site.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", cookie, origin: site.origin },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  async function twoDevices() {
    database = await createTestDatabase();
    site = await startPresenceServer(database.url);
    const user = await insertMember(database.db);
    const here = await site.signIn(user.username);
    const there = await site.signIn(user.username);
    const hereSocket = await site.connect(here);
    const thereSocket = await site.connect(there);
    sockets.push(hereSocket, thereSocket);
    // The whole answer: the session's row is written before its last byte goes out.
    expect(await (await call(here, "POST", "/api/auth/confirm", { password: PASSWORD })).json()).toHaveProperty("confirmedUntil");
    const list = (await (await call(here, "GET", "/api/auth/sessions")).json()) as { sessions: { id: string; current: boolean }[] };
    return { here, hereSocket, thereSocket, otherId: list.sessions.find((s) => !s.current)!.id };
  }

  it("close at once when that session is ended by its id", async () => {
    const { here, hereSocket, thereSocket, otherId } = await twoDevices();
    expect((await call(here, "DELETE", `/api/auth/sessions/${otherId}`)).status).toBe(204);
    expect((await thereSocket.closed).code).toBe(4401);
    expect(hereSocket.ws.readyState).toBe(hereSocket.ws.OPEN);
  });

  it("close at once when every other session is ended", async () => {
    const { here, hereSocket, thereSocket } = await twoDevices();
    expect((await call(here, "DELETE", "/api/auth/sessions")).status).toBe(204);
    expect((await thereSocket.closed).code).toBe(4401);
    expect(hereSocket.ws.readyState).toBe(hereSocket.ws.OPEN);
  });
});
