import request from "supertest";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { insertMember, PASSWORD } from "../test/fixtures";
import { DAY_MS } from "./session-store";

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

// docs/product.md "Accounts and sessions": 30 days rolling (to within a day), no write per read, 180 days at most.
describe("sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  // The clock the server reads (Date) is the test's; timers stay real so the database driver works.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

  /** Signs in and returns the cookie as the browser would send it (sent by hand: the test, not a cookie jar, decides what is sent). */
  async function signIn() {
    const member = await insertMember(t.database.db);
    const res = await request(t.app).post("/api/auth/login").send({ username: member.username, password: PASSWORD });
    expect(res.status).toBe(200);
    return res.headers["set-cookie"]![0]!.split(";")[0]!;
  }
  const me = (cookie: string) => request(t.app).get("/api/auth/user").set("Cookie", cookie);
  const sid = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!).slice(2).split(".")[0]!;
  async function stored(cookie: string) {
    const { rows } = await t.database.pool.query<{ expire: Date; version: string }>(
      "SELECT expire, xmin::text AS version FROM sessions WHERE sid = $1",
      [sid(cookie)],
    );
    return rows[0];
  }

  it("reads a session without writing it, and pushes its expiry forward at most once an hour", async () => {
    const cookie = await signIn();
    const before = await stored(cookie);
    expect(before!.expire.getTime()).toBe(Date.now() + 30 * DAY_MS);

    for (const step of [MINUTE_MS, 20 * MINUTE_MS, 38 * MINUTE_MS]) {
      advance(step);
      const res = await me(cookie);
      expect(res.status).toBe(200);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    // 59 minutes of use: the row is the very same version (no UPDATE touched it).
    expect(await stored(cookie)).toEqual(before);

    advance(2 * MINUTE_MS);
    const refreshed = await me(cookie);
    expect(refreshed.status).toBe(200);
    // The browser's cookie moves too.
    expect(refreshed.headers["set-cookie"]![0]).toMatch(/Expires=/);
    const after = await stored(cookie);
    expect(after!.expire.getTime()).toBe(Date.now() + 30 * DAY_MS);
    expect(after!.version).not.toBe(before!.version);
  });

  it("ends a session after 30 idle days, measured to within a day", async () => {
    const cookie = await signIn();
    // Used every 29 days, it lives on.
    for (let i = 0; i < 3; i++) {
      advance(29 * DAY_MS);
      expect((await me(cookie)).status).toBe(200);
    }
    // 29 days and 22 hours idle: still signed in.
    advance(29 * DAY_MS + 22 * HOUR_MS);
    expect((await me(cookie)).status).toBe(200);
    // 30 days and a minute idle: signed out.
    advance(30 * DAY_MS + MINUTE_MS);
    expect((await me(cookie)).status).toBe(401);
  });

  it("ends a session 180 days after sign-in, however often it is used", async () => {
    const cookie = await signIn();
    for (let day = 0; day < 178; day += 2) {
      advance(2 * DAY_MS);
      expect((await me(cookie)).status).toBe(200);
    }
    advance(2 * DAY_MS - MINUTE_MS);
    expect((await me(cookie)).status).toBe(200);
    advance(2 * MINUTE_MS);
    expect((await me(cookie)).status).toBe(401);
  });

  it("keeps the 180 days since sign-in when the password is changed", async () => {
    const cookie = await signIn();
    for (let day = 0; day < 170; day += 10) {
      advance(10 * DAY_MS);
      expect((await me(cookie)).status).toBe(200);
    }
    // A password change is a sensitive change: confirmed first (server/middlewares/fresh-confirmation.test.ts).
    expect((await request(t.app).post("/api/auth/confirm").set("Cookie", cookie).send({ password: PASSWORD })).status).toBe(200);
    const changed = await request(t.app)
      .patch("/api/auth/change-password")
      .set("Cookie", cookie)
      .send({ currentPassword: PASSWORD, newPassword: "Another-pass-2030" });
    expect(changed.status).toBe(200);
    const renewed = changed.headers["set-cookie"]![0]!.split(";")[0]!;
    expect(renewed).not.toBe(cookie);
    advance(10 * DAY_MS - MINUTE_MS);
    expect((await me(renewed)).status).toBe(200);
    advance(2 * MINUTE_MS);
    expect((await me(renewed)).status).toBe(401);
  });
});
