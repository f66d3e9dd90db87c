import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATION_WINDOW_MS } from "@shared/policies/fresh-confirmation";
import { sessions } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { moveConfirmationWindow } from "../../test/confirmation";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { insertMember, PASSWORD, signedInAgent, type Agent } from "../../test/fixtures";
import { expectDocumentedAnswer } from "../../test/openapi";

/** Two app instances on one database stand for two server processes. */
let database: TestDatabase;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  first = await createTestApp({}, { database });
  second = await createTestApp({}, { database });
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.drop();
});

const confirm = (agent: Agent, password: string) => agent.post("/api/auth/confirm").send({ password });
const login = (username: string, password = PASSWORD) => request(first.app).post("/api/auth/login").send({ username, password });
const storedWindowsOf = async (userId: number) =>
  (await database.db.select({ sess: sessions.sess }).from(sessions).where(sql`(${sessions.sess} -> 'passport' ->> 'user') = ${String(userId)}`)).map(
    ({ sess }) => (sess as { confirmedUntil?: number }).confirmedUntil,
  );

describe("POST /api/auth/confirm", () => {
  it("opens a ten-minute window for this session, which GET /api/auth/user carries until it closes", async () => {
    const member = await insertMember(database.db);
    const agent = await signedInAgent(first.app, member.username);
    expect((await agent.get("/api/auth/user")).body.confirmedUntil).toBeNull();

    const before = Date.now();
    const res = await confirm(agent, PASSWORD);
    expect(res.status).toBe(200);
    expectDocumentedAnswer("post /api/auth/confirm", res);
    const until = Date.parse(res.body.confirmedUntil);
    expect(until).toBeGreaterThanOrEqual(before + CONFIRMATION_WINDOW_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + CONFIRMATION_WINDOW_MS);
    const user = await agent.get("/api/auth/user");
    expect(user.body.confirmedUntil).toBe(res.body.confirmedUntil);
    expectDocumentedAnswer("get /api/auth/user", user);

    // Another session of the same member has its own (none), and so does a sign-in after it.
    const elsewhere = await signedInAgent(first.app, member.username);
    expect((await elsewhere.get("/api/auth/user")).body.confirmedUntil).toBeNull();
    expect((await storedWindowsOf(member.id)).sort()).toEqual([until, undefined]);

    await moveConfirmationWindow(database.db, member.id, Date.now() - 1);
    expect((await agent.get("/api/auth/user")).body.confirmedUntil).toBeNull();
  });

  it("is kept in the session's row: every process sees the same window", async () => {
    const member = await insertMember(database.db);
    const signedIn = await login(member.username);
    const cookie = (signedIn.headers["set-cookie"] as unknown as string[])[0]!.split(";")[0]!;
    const on = (app: TestApp) => ({
      get: (path: string) => request(app.app).get(path).set("Cookie", cookie),
      confirm: () => request(app.app).post("/api/auth/confirm").set("Cookie", cookie).send({ password: PASSWORD }),
    });
    // The second process reads (and caches) the session before the window opens.
    expect((await on(second).get("/api/auth/export")).status).toBe(403);

    const opened = (await on(first).confirm()).body.confirmedUntil as string;
    await expect.poll(async () => (await on(second).get("/api/auth/user")).body.confirmedUntil).toBe(opened);
    expect((await on(second).get("/api/auth/export").buffer(true)).status).toBe(200);

    await moveConfirmationWindow(database.db, member.id, Date.now() - 1);
    await expect.poll(async () => (await on(second).get("/api/auth/export")).status).toBe(403);
  });

  it("refuses a wrong password, and wrong ones count towards the sign-in lockout", async () => {
    const member = await insertMember(database.db);
    const agent = await signedInAgent(first.app, member.username);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await confirm(agent, "Not-the-password1");
      expect(wrong.status, `attempt ${attempt}`).toBe(400);
      expect(wrong.body).toEqual({ message: "Password is incorrect", errors: [{ path: "password", message: "Password is incorrect" }] });
      expectDocumentedAnswer("post /api/auth/confirm", wrong);
    }
    expect((await agent.get("/api/auth/user")).body.confirmedUntil).toBeNull();
    // Locked: signing in and confirming are both refused, even with the right password.
    const locked = await login(member.username);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed login attempts\. Try again in 1[45] minutes\.$/);
    const lockedConfirm = await confirm(agent, PASSWORD);
    expect(lockedConfirm.status).toBe(429);
    expectDocumentedAnswer("post /api/auth/confirm", lockedConfirm);
  });

  it("counts together with failed sign-ins, and a right password resets the count", async () => {
    const member = await insertMember(database.db);
    const agent = await signedInAgent(first.app, member.username);
    for (let attempt = 0; attempt < 4; attempt++) expect((await login(member.username, "Not-the-password1")).status).toBe(401);
    expect((await confirm(agent, PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) expect((await confirm(agent, "Not-the-password1")).status).toBe(400);
    expect((await login(member.username)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) expect((await confirm(agent, "Not-the-password1")).status).toBe(400);
    expect((await login(member.username, "Not-the-password1")).status).toBe(401);
    expect((await login(member.username)).status).toBe(429);
  });

  it("refuses a body that is neither a password nor a passkey's answer", async () => {
    const agent = await signedInAgent(first.app, (await insertMember(database.db)).username);
    for (const body of [{}, { password: "" }, { password: PASSWORD, remember: true }, { passkey: {} }]) {
      const res = await agent.post("/api/auth/confirm").send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectDocumentedAnswer("post /api/auth/confirm", res);
    }
  });
});
