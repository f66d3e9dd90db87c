import { eq } from "drizzle-orm";
import { generate } from "otplib";
import request from "supertest";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { recoveryCodes, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { confirmedAgent, confirmPassword } from "../../test/confirmation";
import { PASSWORD, insertMember, readUser, signedInAgent } from "../../test/fixtures";

const t: TestApp = await createTestApp();
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** The code an authenticator app shows `steps` periods of 30 s from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A member with two-factor sign-in on, enabled with the current code (which is then used up). */
async function memberWithTwoFactor(app = t) {
  const user = await insertMember(app.database.db);
  // Setting up, enabling and disabling are sensitive changes (server/middlewares/fresh-confirmation.test.ts).
  const agent = await confirmedAgent(app.app, user.username);
  const setup = await agent.post("/api/auth/2fa/setup");
  expect(setup.status).toBe(200);
  const secret: string = setup.body.secret;
  const enablingCode = await codeAt(secret);
  const enabled = await agent.post("/api/auth/2fa/enable").send({ code: enablingCode });
  expect(enabled.status).toBe(200);
  return { user, agent, secret, enablingCode, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

/** Signs in with the password: the first step; the agent holds the pending sign-in. */
async function firstStep(username: string, password = PASSWORD) {
  const agent = request.agent(t.app);
  const res = await agent.post("/api/auth/login").send({ username, password });
  return { agent, res };
}

describe("setting two-factor sign-in up", () => {
  it("answers a secret, its otpauth URL and QR code; the database keeps it only sealed", async () => {
    const user = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, user.username);
    const res = await agent.post("/api/auth/2fa/setup");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["otpauthUrl", "qrDataUrl", "secret"]);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    const url = new URL(res.body.otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(url.searchParams.get("secret")).toBe(res.body.secret);
    expect(url.searchParams.get("issuer")).toBe("Enclave");
    expect(decodeURIComponent(url.pathname)).toContain(user.username);
    expect(res.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const row = await readUser(t.database.db, user.id);
    expect(row.twoFactorEnabled).toBe(false);
    expect(row.twoFactorSecret).not.toContain(res.body.secret);
    // Not on until a code enables it: the password alone still signs in.
    expect((await firstStep(user.username)).res.body).toMatchObject({ id: user.id });
  });

  it("refuses a wrong code, then enables with a right one and answers 10 single-use recovery codes, stored hashed", async () => {
    const user = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, user.username);
    expect((await agent.post("/api/auth/2fa/enable").send({ code: "123456" })).status).toBe(409);
    const { secret } = (await agent.post("/api/auth/2fa/setup")).body as { secret: string };
    const right = await codeAt(secret);
    const wrong = right === "000000" ? "000001" : "000000";
    const refused = await agent.post("/api/auth/2fa/enable").send({ code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: "Invalid code", errors: [{ path: "code", message: "Invalid code" }] });
    expect((await agent.post("/api/auth/2fa/enable").send({ code: "12ab56" })).status).toBe(400);

    const res = await agent.post("/api/auth/2fa/enable").send({ code: right });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["recoveryCodes"]);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect(new Set(res.body.recoveryCodes).size).toBe(10);
    for (const code of res.body.recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(res.body.recoveryCodes).not.toContain(row.codeHash);
      expect(res.body.recoveryCodes.map((code: string) => code.replace("-", ""))).not.toContain(row.codeHash);
    }
    expect((await agent.get("/api/auth/2fa")).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // On: a new setup or enabling again is a conflict, and the secret in force stays.
    expect((await agent.post("/api/auth/2fa/setup")).status).toBe(409);
    expect((await agent.post("/api/auth/2fa/enable").send({ code: await codeAt(secret, 1) })).status).toBe(409);
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("answers the password with twoFactorRequired and no session; a code finishes the sign-in", async () => {
    const { user, secret } = await memberWithTwoFactor();
    const { agent, res } = await firstStep(user.username);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ twoFactorRequired: true });
    expect((await agent.get("/api/auth/user")).status).toBe(401);
    expect((await agent.get("/api/auth/sessions")).status).toBe(401);

    const done = await agent.post("/api/auth/login/2fa").send({ code: await codeAt(secret, 1) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: user.id, username: user.username });
    expect((await agent.get("/api/auth/user")).status).toBe(200);
  });

  it("keeps the pending session 5 minutes only; the signed-in one gets the usual 30 days", async () => {
    const { user, secret } = await memberWithTwoFactor();
    const { agent, res } = await firstStep(user.username);
    const expiresIn = (cookie: string) => new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime() - Date.now();
    expect(expiresIn((res.headers["set-cookie"] as unknown as string[])[0]!)).toBeLessThanOrEqual(5 * 60_000);
    const done = await agent.post("/api/auth/login/2fa").send({ code: await codeAt(secret, 1) });
    expect(expiresIn((done.headers["set-cookie"] as unknown as string[])[0]!)).toBeGreaterThan(29 * 24 * 3_600_000);
  });

  it("gives the signed-in session a new id: the pending one's cookie is worthless", async () => {
    const { user, secret } = await memberWithTwoFactor();
    const { agent, res } = await firstStep(user.username);
    const pendingCookie = (res.headers["set-cookie"] as unknown as string[])[0]!.split(";")[0]!;
    const done = await agent.post("/api/auth/login/2fa").send({ code: await codeAt(secret, 1) });
    expect((done.headers["set-cookie"] as unknown as string[])[0]!.split(";")[0]).not.toBe(pendingCookie);
    expect((await request(t.app).get("/api/auth/user").set("Cookie", pendingCookie)).status).toBe(401);
  });

  it("accepts a code once: the enabling code is refused, and a code that signed in is refused next time", async () => {
    const { user, secret, enablingCode } = await memberWithTwoFactor();
    const first = await firstStep(user.username);
    const reused = await first.agent.post("/api/auth/login/2fa").send({ code: enablingCode });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ message: "Invalid two-factor code" });

    const next = await codeAt(secret, 1);
    expect((await first.agent.post("/api/auth/login/2fa").send({ code: next })).status).toBe(200);
    const second = await firstStep(user.username);
    expect((await second.agent.post("/api/auth/login/2fa").send({ code: next })).status).toBe(401);
    expect((await second.agent.get("/api/auth/user")).status).toBe(401);
  });

  it("takes a code for the same time step once among parallel attempts", async () => {
    const { user, secret } = await memberWithTwoFactor();
    const code = await codeAt(secret, 1);
    const attempts = await Promise.all([1, 2, 3].map(async () => {
      const { agent } = await firstStep(user.username);
      return (await agent.post("/api/auth/login/2fa").send({ code })).status;
    }));
    expect(attempts.sort()).toEqual([200, 401, 401]);
  });

  it("finishes within 5 minutes of the password only", async () => {
    const { user, secret } = await memberWithTwoFactor();
    const late = await firstStep(user.username);
    const inTime = await firstStep(user.username);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });

    vi.setSystemTime(start + 5 * 60_000 + 1_000);
    const expired = await late.agent.post("/api/auth/login/2fa").send({ code: await codeAt(secret) });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: "Sign-in expired, please sign in again" });
    expect((await late.agent.get("/api/auth/user")).status).toBe(401);

    vi.setSystemTime(start + 4 * 60_000 + 50_000);
    expect((await inTime.agent.post("/api/auth/login/2fa").send({ code: await codeAt(secret) })).status).toBe(200);
  });

  it("refuses the second step without a first one, and a body with both or neither factor", async () => {
    const { user } = await memberWithTwoFactor();
    expect((await request(t.app).post("/api/auth/login/2fa").send({ code: "123456" })).status).toBe(401);
    const { agent } = await firstStep(user.username);
    expect((await agent.post("/api/auth/login/2fa").send({ code: "123456", recoveryCode: "ABCDE-FGHJK" })).status).toBe(400);
    expect((await agent.post("/api/auth/login/2fa").send({})).status).toBe(400);
    expect((await agent.post("/api/auth/login/2fa").send({ code: "12345" })).status).toBe(400);
  });

  it("accepts a recovery code once, typed in any case with or without its dash", async () => {
    const { user, agent: owner, recoveryCodes: codes } = await memberWithTwoFactor();
    const first = await firstStep(user.username);
    const typed = codes[0]!.replace("-", "").toLowerCase();
    expect((await first.agent.post("/api/auth/login/2fa").send({ recoveryCode: typed })).status).toBe(200);
    const again = await firstStep(user.username);
    expect((await again.agent.post("/api/auth/login/2fa").send({ recoveryCode: codes[0] })).status).toBe(401);
    expect((await again.agent.post("/api/auth/login/2fa").send({ recoveryCode: codes[1] })).status).toBe(200);
    expect((await owner.get("/api/auth/2fa")).body).toEqual({ enabled: true, recoveryCodesLeft: 8 });
  });

  describe("lockout", () => {
    it("counts wrong codes: the 5th locks (still 401), then even a right code answers 429", async () => {
      const { user, secret } = await memberWithTwoFactor();
      const { agent } = await firstStep(user.username);
      const right = await codeAt(secret, 1);
      const wrong = right === "000000" ? "000001" : "000000";
      for (let attempt = 1; attempt <= 5; attempt++) expect((await agent.post("/api/auth/login/2fa").send({ code: wrong })).status).toBe(401);
      const locked = await agent.post("/api/auth/login/2fa").send({ code: right });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
      expect((await firstStep(user.username)).res.status).toBe(429);
    });

    it("is not reset by a right password: wrong codes before it still count", async () => {
      const { user, secret } = await memberWithTwoFactor();
      const right = await codeAt(secret, 1);
      const wrong = right === "000000" ? "000001" : "000000";
      const first = await firstStep(user.username);
      for (let attempt = 1; attempt <= 4; attempt++) expect((await first.agent.post("/api/auth/login/2fa").send({ code: wrong })).status).toBe(401);
      expect((await readUser(t.database.db, user.id)).failedLoginAttempts).toBe(4);

      const second = await firstStep(user.username);
      expect(second.res.body).toEqual({ twoFactorRequired: true });
      expect((await readUser(t.database.db, user.id)).failedLoginAttempts).toBe(4);
      expect((await second.agent.post("/api/auth/login/2fa").send({ code: wrong })).status).toBe(401);
      expect((await second.agent.post("/api/auth/login/2fa").send({ code: right })).status).toBe(429);
    });

    it("counts a wrong password before the right one, and resets only once the sign-in is complete", async () => {
      const { user, secret } = await memberWithTwoFactor();
      expect((await firstStep(user.username, "Wrong1234")).res.status).toBe(401);
      const { agent } = await firstStep(user.username);
      expect((await readUser(t.database.db, user.id)).failedLoginAttempts).toBe(1);
      expect((await agent.post("/api/auth/login/2fa").send({ code: await codeAt(secret, 1) })).status).toBe(200);
      expect(await readUser(t.database.db, user.id)).toMatchObject({ failedLoginAttempts: 0, lockedUntil: null });
    });
  });
});

describe("turning two-factor sign-in off", () => {
  it("needs the password and a code (or a recovery code); then the password alone signs in again", async () => {
    const { user, agent, secret, recoveryCodes: codes } = await memberWithTwoFactor();
    const code = await codeAt(secret, 1);
    const wrongPassword = await agent.post("/api/auth/2fa/disable").send({ password: "Wrong1234", code });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual([{ path: "password", message: "Password is incorrect" }]);
    const wrongCode = await agent.post("/api/auth/2fa/disable").send({ password: PASSWORD, code: code === "000000" ? "000001" : "000000" });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.errors).toEqual([{ path: "code", message: "Invalid code" }]);
    expect((await agent.post("/api/auth/2fa/disable").send({ password: PASSWORD })).status).toBe(400);

    expect((await agent.post("/api/auth/2fa/disable").send({ password: PASSWORD, code: codes[3] })).status).toBe(200);
    expect(await readUser(t.database.db, user.id)).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect((await agent.get("/api/auth/2fa")).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await agent.post("/api/auth/2fa/disable").send({ password: PASSWORD, code })).status).toBe(409);
    expect((await firstStep(user.username)).res.body).toMatchObject({ id: user.id });
  });
});

describe("REQUIRE_ADMIN_2FA", () => {
  it("refuses admin routes to an administrator without two-factor sign-in, until they enable it", async () => {
    const strict = await createTestApp({ REQUIRE_ADMIN_2FA: "true" });
    try {
      const admin = await insertMember(strict.database.db, { isAdmin: true });
      const agent = await signedInAgent(strict.app, admin.username);
      const refused = await agent.get("/api/admin/users");
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: "Two-factor authentication required" });
      expect((await agent.post("/api/invites").send({})).status).toBe(403);
      // Everything else, confirming the password and setting it up included, stays open.
      expect((await agent.get("/api/auth/user")).status).toBe(200);
      await confirmPassword(agent);
      const { secret } = (await agent.post("/api/auth/2fa/setup")).body as { secret: string };
      expect((await agent.post("/api/auth/2fa/enable").send({ code: await codeAt(secret) })).status).toBe(200);
      expect((await agent.get("/api/admin/users")).status).toBe(200);
      // A member is refused as before.
      const member = await signedInAgent(strict.app, (await insertMember(strict.database.db)).username);
      expect((await member.get("/api/admin/users")).body).toEqual({ message: "Administrator access required" });
    } finally {
      await strict.close();
    }
  });

  it("is off by default: administrators without two-factor sign-in use the admin routes", async () => {
    const admin = await insertMember(t.database.db, { isAdmin: true });
    expect((await (await signedInAgent(t.app, admin.username)).get("/api/admin/users")).status).toBe(200);
  });
});

it("keeps the two-factor columns out of every answer about the member", async () => {
  const { user, agent } = await memberWithTwoFactor();
  const me = await agent.get("/api/auth/user");
  expect(JSON.stringify(me.body)).not.toMatch(/twoFactor/);
  expect((await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))).length).toBe(1);
});
