import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { hashPassword } from "../../auth/password";
import { createTestApp, type TestApp } from "../../test/app";
import { insertMember, IS_ADMIN_REFUSED, PASSWORD, readUser } from "../../test/fixtures";

const sessionId = (res: request.Response) => (res.headers["set-cookie"] as unknown as string[] | undefined)?.find((c) => c.startsWith("sid="))?.split(";")[0];

describe("sign-in and sign-out", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const login = (body: Record<string, unknown>) => request(t.app).post("/api/auth/login").send(body);

  it("signs in with the username in any case and answers the current user", async () => {
    const member = await insertMember(t.database.db, { email: "me@example.com" });
    const res = await login({ username: member.username.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.id, username: member.username, email: "me@example.com" });
    expect(res.body).not.toHaveProperty("password");
  });

  it("answers a wrong password and an unknown user alike", async () => {
    const member = await insertMember(t.database.db);
    const wrong = await login({ username: member.username, password: "Wrong1234" });
    const unknown = await login({ username: "nobody_here", password: "Wrong1234" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid username or password" });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("refuses empty fields and unknown fields with 400", async () => {
    expect((await login({ username: "  ", password: "x" })).body.message).toBe("Please fill in all fields");
    expect((await login({ username: "someone" })).status).toBe(400);
    expect((await login({ username: "someone", password: "x", remember: true })).status).toBe(400);
  });

  it("gives a new session id at sign-in; the old one is worthless", async () => {
    const member = await insertMember(t.database.db);
    const agent = request.agent(t.app);
    const first = sessionId(await agent.post("/api/auth/login").send({ username: member.username, password: PASSWORD }));
    const second = sessionId(await agent.post("/api/auth/login").send({ username: member.username, password: PASSWORD }));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await request(t.app).get("/api/auth/user").set("Cookie", first!)).status).toBe(401);
    expect((await request(t.app).get("/api/auth/user").set("Cookie", second!)).status).toBe(200);
  });

  it("logs out: the session is gone, and replaying its cookie is signed out", async () => {
    const member = await insertMember(t.database.db);
    const res = await login({ username: member.username, password: PASSWORD });
    const cookie = sessionId(res)!;
    const out = await request(t.app).post("/api/auth/logout").set("Cookie", cookie);
    expect(out.status).toBe(200);
    expect((await request(t.app).get("/api/auth/user").set("Cookie", cookie)).status).toBe(401);
  });

  it("refuses any field in the body of logout, and logs out with {}", async () => {
    const member = await insertMember(t.database.db);
    const cookie = sessionId(await login({ username: member.username, password: PASSWORD }))!;
    const refused = await request(t.app).post("/api/auth/logout").set("Cookie", cookie).send({ isAdmin: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(IS_ADMIN_REFUSED);
    expect((await request(t.app).get("/api/auth/user").set("Cookie", cookie)).status).toBe(200);
    expect((await request(t.app).post("/api/auth/logout").set("Cookie", cookie).send({})).status).toBe(200);
    expect((await request(t.app).get("/api/auth/user").set("Cookie", cookie)).status).toBe(401);
  });

  it("answers GET /api/auth/user with 401 when signed out", async () => {
    const res = await request(t.app).get("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTypeOf("string");
  });

  it("signs out the session of a member who was deleted", async () => {
    const member = await insertMember(t.database.db);
    const cookie = sessionId(await login({ username: member.username, password: PASSWORD }))!;
    await t.database.db.delete(users).where(eq(users.id, member.id));
    expect((await request(t.app).get("/api/auth/user").set("Cookie", cookie)).status).toBe(401);
  });

  describe("lockout", () => {
    it("locks after the 5th failure in a row (still 401), then answers 429 even with the right password", async () => {
      const member = await insertMember(t.database.db);
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await login({ username: member.username, password: "Wrong1234" })).status).toBe(401);
      }
      const locked = await login({ username: member.username, password: PASSWORD });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe("Too many failed login attempts. Try again in 15 minutes.");
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
      expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    });

    it("lets the member in once the lock has run out, and a success resets the count", async () => {
      const member = await insertMember(t.database.db, { failedLoginAttempts: 5, lockedUntil: new Date(Date.now() - 1000) });
      expect((await login({ username: member.username, password: PASSWORD })).status).toBe(200);
      expect(await readUser(t.database.db, member.id)).toMatchObject({ failedLoginAttempts: 0, lockedUntil: null });
    });

    it("starts a new series after an expired lock instead of locking again at once", async () => {
      const member = await insertMember(t.database.db, { failedLoginAttempts: 5, lockedUntil: new Date(Date.now() - 1000) });
      expect((await login({ username: member.username, password: "Wrong1234" })).status).toBe(401);
      expect(await readUser(t.database.db, member.id)).toMatchObject({ failedLoginAttempts: 1, lockedUntil: null });
    });

    it("lets no right password through once 5 wrong ones of a burst are counted, before their checks end", async () => {
      // A slow hash keeps the wrong passwords in their check while the right one is sent.
      const member = await insertMember(t.database.db, { password: await hashPassword(PASSWORD, 12) });
      const wrong = Array.from({ length: 9 }, () => login({ username: member.username, password: "Wrong1234" }).then((res) => res.status));
      const started = Date.now();
      for (;;) {
        const { failedLoginAttempts, lockedUntil } = await readUser(t.database.db, member.id);
        if (failedLoginAttempts >= 5 && !lockedUntil) break; // counted, still being checked
        expect(Date.now() - started, "attempts are counted before the password check").toBeLessThan(5_000);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const right = await login({ username: member.username, password: PASSWORD });
      expect(right.status).toBe(429);
      // The first 5 were checked (the 5th still 401); those counted after them were not: 429.
      expect((await Promise.all(wrong)).sort()).toEqual([...Array(5).fill(401), ...Array(4).fill(429)]);
      expect((await readUser(t.database.db, member.id)).lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
      expect((await login({ username: member.username, password: PASSWORD })).status).toBe(429);
    });

    it("answers a guess counted after the 5th alike, right or wrong: its password is not checked", async () => {
      const member = await insertMember(t.database.db, { password: await hashPassword(PASSWORD, 12) });
      const wrong = Array.from({ length: 5 }, () => login({ username: member.username, password: "Wrong1234" }).then((res) => res.status));
      for (;;) {
        if ((await readUser(t.database.db, member.id)).failedLoginAttempts >= 5) break; // counted, still being checked
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const late = await Promise.all(
        ["Wrong1234", PASSWORD].map((password) => login({ username: member.username, password }).then((res) => [res.status, res.body.message])),
      );
      expect(late[0]).toEqual(late[1]);
      expect(late[0]![0]).toBe(429);
      expect(await Promise.all(wrong)).toEqual(Array(5).fill(401));
    });

    it("sets the lock an attempt ahead failed to set, so the refusal runs out", async () => {
      // Five counted, no lock: the 5th's request ended before it could lock (a lost connection).
      const member = await insertMember(t.database.db, { failedLoginAttempts: 5 });
      expect((await login({ username: member.username, password: PASSWORD })).status).toBe(429);
      const { lockedUntil } = await readUser(t.database.db, member.id);
      expect(lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
      await t.database.db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, member.id));
      expect((await login({ username: member.username, password: PASSWORD })).status).toBe(200);
    });

    it("lets the right password in after 4 wrong ones", async () => {
      const member = await insertMember(t.database.db);
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect((await login({ username: member.username, password: "Wrong1234" })).status).toBe(401);
      }
      expect((await login({ username: member.username, password: PASSWORD })).status).toBe(200);
      expect(await readUser(t.database.db, member.id)).toMatchObject({ failedLoginAttempts: 0, lockedUntil: null });
    });

    it("lets six parallel sign-ins with the right password all in", async () => {
      const member = await insertMember(t.database.db);
      const statuses = await Promise.all(Array.from({ length: 6 }, () => login({ username: member.username, password: PASSWORD }).then((res) => res.status)));
      expect(statuses).toEqual(Array(6).fill(200));
      expect(await readUser(t.database.db, member.id)).toMatchObject({ failedLoginAttempts: 0, lockedUntil: null });
    });

    it("does not lock when the 4th wrong password and the right one are checked together", async () => {
      const member = await insertMember(t.database.db);
      for (let attempt = 1; attempt <= 3; attempt++) await login({ username: member.username, password: "Wrong1234" });
      const wrong = login({ username: member.username, password: "Wrong1234" }).then((res) => res.status);
      // The right one is sent once the 4th is counted, while it is (most likely) still being checked.
      while ((await readUser(t.database.db, member.id)).failedLoginAttempts < 4) await new Promise((resolve) => setTimeout(resolve, 2));
      const right = login({ username: member.username, password: PASSWORD }).then((res) => res.status);
      expect(await Promise.all([wrong, right])).toEqual([401, 200]);
      expect((await readUser(t.database.db, member.id)).lockedUntil).toBeNull();
    });

    it("lets both of two parallel right passwords in after 4 wrong ones", async () => {
      const member = await insertMember(t.database.db);
      for (let attempt = 1; attempt <= 4; attempt++) await login({ username: member.username, password: "Wrong1234" });
      const statuses = await Promise.all([1, 2].map(() => login({ username: member.username, password: PASSWORD }).then((res) => res.status)));
      expect(statuses).toEqual([200, 200]);
      expect(await readUser(t.database.db, member.id)).toMatchObject({ failedLoginAttempts: 0, lockedUntil: null });
    });

    it("counts 20 parallel wrong passwords as 20", async () => {
      const member = await insertMember(t.database.db);
      await Promise.all(Array.from({ length: 20 }, () => login({ username: member.username, password: "Wrong1234" })));
      expect((await readUser(t.database.db, member.id)).failedLoginAttempts).toBe(20);
    });
  });
});
