import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import {
  PASSKEY_ALREADY_ADDED,
  PASSKEY_CHALLENGE_EXPIRED,
  PASSKEY_COUNTER_BACKWARDS,
  PASSKEY_NAME_REQUIRED,
  PASSKEY_NAME_TOO_LONG,
  PASSKEY_NOT_FOUND,
  PASSKEY_NOT_VERIFIED,
  PASSKEY_NOT_YOURS,
  PASSKEY_UNKNOWN,
  PASSKEYS_PER_MEMBER,
  TOO_MANY_PASSKEYS,
} from "@shared/schemas/passkeys";
import { CONFIRM_REQUIRED_CODE, CONFIRM_REQUIRED_MESSAGE } from "@shared/policies/fresh-confirmation";
import { startMemberDeletion } from "../../commands/delete-user";
import { passkeys, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { confirmedAgent } from "../../test/confirmation";
import { insertMember, PASSWORD, readUser, signedInAgent, type Agent } from "../../test/fixtures";
import { expectDocumentedAnswer } from "../../test/openapi";
import { addSoftwarePasskey, PASSKEY_RP_ID, PASSKEY_SITE, passkeySignInOptions, SoftwarePasskey } from "../../test/passkeys";

const t: TestApp = await createTestApp({ PUBLIC_URL: PASSKEY_SITE });
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const storedPasskeysOf = (userId: number) => t.database.db.select().from(passkeys).where(eq(passkeys.userId, userId));
const login = (username: string, password = PASSWORD) => request(t.app).post("/api/auth/login").send({ username, password });
/** From now on, as if `minutes` had gone by (the challenge's 5 minutes are read from Date.now). */
const minutesLater = (minutes: number) => {
  const later = Date.now() + minutes * 60_000;
  vi.spyOn(Date, "now").mockReturnValue(later);
};

/** A member with one passkey, and a fresh agent (a visitor) to sign in with it. */
async function memberWithPasskey(values: Parameters<typeof insertMember>[1] = {}, passkey = new SoftwarePasskey()) {
  const member = await insertMember(t.database.db, values);
  const added = await addSoftwarePasskey(await confirmedAgent(t.app, member.username), "Laptop", passkey);
  return { member, ...added };
}

/** Signs in with the passkey on a fresh visitor's agent; `bend` bends the authenticator's answer. */
async function passkeySignIn(passkey: SoftwarePasskey, bend: Parameters<SoftwarePasskey["authenticate"]>[1] = {}) {
  const visitor = request.agent(t.app);
  const response = passkey.authenticate(await passkeySignInOptions(visitor), bend);
  const res = await visitor.post("/api/auth/passkey/login").send({ response });
  expectDocumentedAnswer("post /api/auth/passkey/login", res);
  return { visitor, response, res };
}

describe("adding, listing and removing passkeys", () => {
  it("offers creation options for a discoverable credential, user verification preferred, no attestation, excluding the member's own", async () => {
    const member = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, member.username);
    const first = await agent.post("/api/auth/passkeys/options");
    expect(first.status).toBe(200);
    expectDocumentedAnswer("post /api/auth/passkeys/options", first);
    expect(first.body).toMatchObject({
      rp: { id: PASSKEY_RP_ID, name: "Enclave" },
      user: { id: Buffer.from(String(member.id)).toString("base64url"), name: member.username },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "preferred" },
      excludeCredentials: [],
    });
    expect(first.body.challenge).toMatch(/^[\w-]{43}$/);

    const { passkey } = await addSoftwarePasskey(agent);
    const second = await agent.post("/api/auth/passkeys/options");
    expect(second.body.excludeCredentials).toEqual([{ id: passkey.credentialId, type: "public-key", transports: ["internal"] }]);
    expect(second.body.challenge).not.toBe(first.body.challenge);
  });

  it("adds one under its name (201), lists it without its key, and removes it (204)", async () => {
    const member = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, member.username);
    const passkey = new SoftwarePasskey();
    const options = await agent.post("/api/auth/passkeys/options");
    const before = Date.now();
    const added = await agent.post("/api/auth/passkeys").send({ name: "  Work laptop  ", response: passkey.register(options.body) });
    expect(added.status).toBe(201);
    expectDocumentedAnswer("post /api/auth/passkeys", added);
    expect(added.body).toEqual({ id: expect.any(Number), name: "Work laptop", createdAt: expect.any(String), lastUsedAt: null });
    expect(Date.parse(added.body.createdAt)).toBeGreaterThanOrEqual(before - 1_000);

    const [stored] = await storedPasskeysOf(member.id);
    expect(stored).toMatchObject({ credentialId: passkey.credentialId, counter: 0, transports: ["internal"], name: "Work laptop" });
    expect(stored!.publicKey.length).toBeGreaterThan(60);

    const list = await agent.get("/api/auth/passkeys");
    expect(list.status).toBe(200);
    expectDocumentedAnswer("get /api/auth/passkeys", list);
    expect(list.body).toEqual({ passkeys: [added.body] });

    const removed = await agent.delete(`/api/auth/passkeys/${added.body.id}`);
    expect(removed.status).toBe(204);
    expect((await agent.get("/api/auth/passkeys")).body).toEqual({ passkeys: [] });
    expect(await storedPasskeysOf(member.id)).toEqual([]);
  });

  it("answers 404 for another member's passkey, and for one that is gone", async () => {
    const { member: owner, id } = await memberWithPasskey();
    const other = await confirmedAgent(t.app, (await insertMember(t.database.db)).username);
    const res = await other.delete(`/api/auth/passkeys/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: PASSKEY_NOT_FOUND });
    expectDocumentedAnswer("delete /api/auth/passkeys/:id", res);
    expect(await storedPasskeysOf(owner.id)).toHaveLength(1);
    expect((await other.delete("/api/auth/passkeys/abc")).status).toBe(404);
    expect((await other.get("/api/auth/passkeys")).body).toEqual({ passkeys: [] });
  });

  it("refuses a blank name and one over 50 characters (400), keeping the challenge for a corrected name", async () => {
    const agent = await confirmedAgent(t.app, (await insertMember(t.database.db)).username);
    const passkey = new SoftwarePasskey();
    const response = passkey.register((await agent.post("/api/auth/passkeys/options")).body);
    for (const [name, message] of [["   ", PASSKEY_NAME_REQUIRED], ["", PASSKEY_NAME_REQUIRED], ["x".repeat(51), PASSKEY_NAME_TOO_LONG]] as const) {
      const res = await agent.post("/api/auth/passkeys").send({ name, response });
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual({ message, errors: [{ path: "name", message }] });
      expectDocumentedAnswer("post /api/auth/passkeys", res);
    }
    expect((await agent.post("/api/auth/passkeys").send({ name: "x".repeat(50), response })).status).toBe(201);
  });

  it(`holds at most ${PASSKEYS_PER_MEMBER} per member: the next is refused (400) at the options and when sent`, async () => {
    const member = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, member.username);
    for (let n = 1; n < PASSKEYS_PER_MEMBER; n++) await addSoftwarePasskey(agent, `Key ${n}`);
    // The 10th's options are given; meanwhile another device adds a 10th.
    const options = (await agent.post("/api/auth/passkeys/options")).body;
    await t.database.db.insert(passkeys).values({ userId: member.id, credentialId: "a-10th-credential", publicKey: new Uint8Array([1]), name: "Key 10" });
    const eleventh = await agent.post("/api/auth/passkeys").send({ name: "Key 11", response: new SoftwarePasskey().register(options) });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body).toEqual({ message: TOO_MANY_PASSKEYS });
    expectDocumentedAnswer("post /api/auth/passkeys", eleventh);

    const refused = await agent.post("/api/auth/passkeys/options");
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: TOO_MANY_PASSKEYS });
    expectDocumentedAnswer("post /api/auth/passkeys/options", refused);
    expect(await storedPasskeysOf(member.id)).toHaveLength(PASSKEYS_PER_MEMBER);
  });

  it("refuses an expired or replayed challenge, another origin, another RP id and a passkey added already (400), storing nothing", async () => {
    const member = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, member.username);
    const add = (response: object) => agent.post("/api/auth/passkeys").send({ name: "Key", response });
    const options = async () => (await agent.post("/api/auth/passkeys/options")).body;

    // Never asked in this session.
    const unasked = await confirmedAgent(t.app, member.username);
    const neverAsked = await unasked.post("/api/auth/passkeys").send({ name: "Key", response: new SoftwarePasskey().register(await options()) });
    expect(neverAsked.status).toBe(400);
    expect(neverAsked.body).toEqual({ message: PASSKEY_CHALLENGE_EXPIRED });
    expectDocumentedAnswer("post /api/auth/passkeys", neverAsked);
    // A challenge other than the one asked.
    const otherChallenge = await add(new SoftwarePasskey().register(await options(), { challenge: "AAAA" }));
    expect(otherChallenge.status).toBe(400);
    expect(otherChallenge.body).toEqual({ message: PASSKEY_NOT_VERIFIED });

    const stale = new SoftwarePasskey().register(await options());
    minutesLater(5.1);
    const expired = await add(stale);
    vi.restoreAllMocks();
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: PASSKEY_CHALLENGE_EXPIRED });

    const passkey = new SoftwarePasskey();
    const response = passkey.register(await options());
    expect((await add(response)).status).toBe(201);
    const replayed = await add(response);
    expect(replayed.status).toBe(400);
    expect(replayed.body).toEqual({ message: PASSKEY_CHALLENGE_EXPIRED });

    for (const bend of [{ origin: "https://evil.example" }, { rpId: "evil.example" }, { origin: "http://community.example" }]) {
      const res = await add(new SoftwarePasskey().register(await options(), bend));
      expect(res.status, JSON.stringify(bend)).toBe(400);
      expect(res.body).toEqual({ message: PASSKEY_NOT_VERIFIED });
      expectDocumentedAnswer("post /api/auth/passkeys", res);
    }

    const again = await add(passkey.register(await options()));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: PASSKEY_ALREADY_ADDED });
    expect(await storedPasskeysOf(member.id)).toHaveLength(1);
  });

  it("takes the relying party from the request's host without PUBLIC_URL", async () => {
    const local = await createTestApp({}, { database: t.database });
    try {
      const member = await insertMember(t.database.db);
      const agent = request.agent(local.app);
      expect((await agent.post("/api/auth/login").set("Host", "localhost:5173").send({ username: member.username, password: PASSWORD })).status).toBe(200);
      expect((await agent.post("/api/auth/confirm").set("Host", "localhost:5173").send({ password: PASSWORD })).status).toBe(200);
      const options = await agent.post("/api/auth/passkeys/options").set("Host", "localhost:5173");
      expect(options.body.rp.id).toBe("localhost");
      const response = new SoftwarePasskey().register(options.body, { origin: "http://localhost:5173" });
      expect((await agent.post("/api/auth/passkeys").set("Host", "localhost:5173").send({ name: "Dev", response })).status).toBe(201);
      expect((await request(local.app).post("/api/auth/passkey/options").set("Host", "localhost:5173")).body.rpId).toBe("localhost");
    } finally {
      await local.close();
    }
  });
});

describe("a fresh confirmation for adding and removing", () => {
  it("refuses the options, the addition and the removal without the window (403), and takes them within it", async () => {
    const member = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, member.username);
    const refusal = { message: CONFIRM_REQUIRED_MESSAGE, code: CONFIRM_REQUIRED_CODE };
    const options = await agent.post("/api/auth/passkeys/options");
    expect(options.status).toBe(403);
    expect(options.body).toEqual(refusal);
    expectDocumentedAnswer("post /api/auth/passkeys/options", options);

    // Options got within the window do not carry the addition past it.
    const confirmed = await confirmedAgent(t.app, member.username);
    const { id } = await addSoftwarePasskey(confirmed);
    const created = (await confirmed.post("/api/auth/passkeys/options")).body;
    const add = await agent.post("/api/auth/passkeys").send({ name: "Key", response: new SoftwarePasskey().register(created) });
    expect(add.status).toBe(403);
    expect(add.body).toEqual(refusal);
    const remove = await agent.delete(`/api/auth/passkeys/${id}`);
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual(refusal);
    expectDocumentedAnswer("delete /api/auth/passkeys/:id", remove);
    expect(await storedPasskeysOf(member.id)).toHaveLength(1);
    // Listing needs none.
    expect((await agent.get("/api/auth/passkeys")).body.passkeys).toHaveLength(1);

    expect((await agent.post("/api/auth/confirm").send({ password: PASSWORD })).status).toBe(200);
    await addSoftwarePasskey(agent, "Second");
    expect((await agent.delete(`/api/auth/passkeys/${id}`)).status).toBe(204);
    expect((await storedPasskeysOf(member.id)).map((row) => row.name)).toEqual(["Second"]);
  });
});

describe("signing in with a passkey", () => {
  it("offers discoverable request options: no allowCredentials", async () => {
    const res = await request(t.app).post("/api/auth/passkey/options");
    expect(res.status).toBe(200);
    expectDocumentedAnswer("post /api/auth/passkey/options", res);
    expect(res.body).toEqual({ rpId: PASSKEY_RP_ID, challenge: expect.stringMatching(/^[\w-]{43}$/), timeout: 300_000, userVerification: "preferred" });
    // The visitor's session holding the challenge ends with it.
    const cookie = (res.headers["set-cookie"] as unknown as string[]).find((value) => value.startsWith("sid="))!;
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(expires).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1_000);
  });

  it("signs in without password or second step, answering the member as /api/auth/login does", async () => {
    const { member, passkey } = await memberWithPasskey({ email: "me@example.com" }, new SoftwarePasskey({ counter: 7 }));
    const { visitor, res } = await passkeySignIn(passkey);
    expect(res.status).toBe(200);
    const byPassword = await login(member.username);
    expect(res.body).toEqual(byPassword.body);
    expect(res.body).toMatchObject({ id: member.id, username: member.username, email: "me@example.com", confirmedUntil: null });
    expect((await visitor.get("/api/auth/user")).body.id).toBe(member.id);
    const [stored] = await storedPasskeysOf(member.id);
    expect(stored!.counter).toBe(8);
    expect(stored!.lastUsedAt).toBeInstanceOf(Date);
    expect((await visitor.get("/api/auth/passkeys")).body.passkeys[0].lastUsedAt).toBe(stored!.lastUsedAt!.toISOString());
  });

  it("skips two-factor sign-in: the passkey is both factors", async () => {
    const { member, passkey } = await memberWithPasskey();
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, member.id));
    const { visitor, res } = await passkeySignIn(passkey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.id });
    expect((await visitor.get("/api/auth/user")).status).toBe(200);
  });

  it("refuses a replayed answer and an expired challenge (400), changing nothing", async () => {
    const { member, passkey } = await memberWithPasskey();
    const { visitor, response, res } = await passkeySignIn(passkey);
    expect(res.status).toBe(200);
    const [before] = await storedPasskeysOf(member.id);

    const replay = await request(t.app).post("/api/auth/passkey/login").send({ response });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ message: PASSKEY_CHALLENGE_EXPIRED });
    // In the same session too: the challenge was taken.
    const sameSession = await visitor.post("/api/auth/passkey/login").send({ response });
    expect(sameSession.status).toBe(400);
    expect(sameSession.body).toEqual({ message: PASSKEY_CHALLENGE_EXPIRED });

    const late = request.agent(t.app);
    const answer = passkey.authenticate(await passkeySignInOptions(late));
    minutesLater(5.1);
    const expired = await late.post("/api/auth/passkey/login").send({ response: answer });
    vi.restoreAllMocks();
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: PASSKEY_CHALLENGE_EXPIRED });
    expectDocumentedAnswer("post /api/auth/passkey/login", expired);
    expect((await late.get("/api/auth/user")).status).toBe(401);
    expect(await storedPasskeysOf(member.id)).toEqual([before]);
    expect((await readUser(t.database.db, member.id)).failedLoginAttempts).toBe(0);
  });

  it("lets only one of two answers sent at once with the same challenge in", async () => {
    const { passkey } = await memberWithPasskey();
    const visitor = request.agent(t.app);
    const response = passkey.authenticate(await passkeySignInOptions(visitor));
    const answers = await Promise.all([1, 2].map(() => visitor.post("/api/auth/passkey/login").send({ response })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it("refuses another origin, another RP id, a wrong signature and an unknown passkey (401), changing nothing", async () => {
    const { member, passkey } = await memberWithPasskey();
    const [before] = await storedPasskeysOf(member.id);
    for (const bend of [{ origin: "https://evil.example" }, { rpId: "evil.example" }]) {
      const { visitor, res } = await passkeySignIn(passkey, bend);
      expect(res.status, JSON.stringify(bend)).toBe(401);
      expect(res.body).toEqual({ message: PASSKEY_NOT_VERIFIED });
      expect((await visitor.get("/api/auth/user")).status).toBe(401);
    }

    const visitor = request.agent(t.app);
    const response = passkey.authenticate(await passkeySignInOptions(visitor));
    const forged = { ...response, response: { ...response.response, signature: new SoftwarePasskey().authenticate({ rpId: PASSKEY_RP_ID, challenge: "AAAA", timeout: 1, userVerification: "preferred" }).response.signature } };
    const wrongSignature = await visitor.post("/api/auth/passkey/login").send({ response: forged });
    expect(wrongSignature.status).toBe(401);
    expect(wrongSignature.body).toEqual({ message: PASSKEY_NOT_VERIFIED });

    const { res: unknown } = await passkeySignIn(new SoftwarePasskey());
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: PASSKEY_UNKNOWN });
    expect(await storedPasskeysOf(member.id)).toEqual([before]);
  });

  it("refuses a signature counter that goes backwards or stands still (401), keeping the stored one", async () => {
    const { member, passkey } = await memberWithPasskey({}, new SoftwarePasskey({ counter: 10 }));
    expect((await passkeySignIn(passkey)).res.status).toBe(200);
    for (const counter of [5, 11]) {
      const { res } = await passkeySignIn(passkey, { counter });
      expect(res.status, `counter ${counter}`).toBe(401);
      expect(res.body).toEqual({ message: PASSKEY_COUNTER_BACKWARDS });
    }
    expect((await storedPasskeysOf(member.id))[0]!.counter).toBe(11);
    expect((await passkeySignIn(passkey, { counter: 12 })).res.status).toBe(200);
  });

  it("counts failures towards the sign-in lockout, with wrong passwords; a passkey sign-in resets the count", async () => {
    const { member, passkey } = await memberWithPasskey();
    for (let attempt = 0; attempt < 4; attempt++) expect((await login(member.username, "Not-the-password1")).status).toBe(401);
    expect((await passkeySignIn(passkey)).res.status).toBe(200);
    expect((await readUser(t.database.db, member.id)).failedLoginAttempts).toBe(0);

    for (let attempt = 0; attempt < 4; attempt++) expect((await passkeySignIn(passkey, { origin: "https://evil.example" })).res.status).toBe(401);
    expect((await login(member.username, "Not-the-password1")).status).toBe(401);
    // Locked: the right password and the right passkey are refused alike.
    expect((await login(member.username)).status).toBe(429);
    const { visitor, res } = await passkeySignIn(passkey);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many failed login attempts\. Try again in 1[45] minutes\.$/);
    expect((await visitor.get("/api/auth/user")).status).toBe(401);
  });

  it("gives a banned member the answer sign-in gives them: signed in, and every other call the ban", async () => {
    const banExpiresAt = new Date(Date.now() + 86_400_000);
    const { member, passkey } = await memberWithPasskey();
    await t.database.db.update(users).set({ isBanned: true, banReason: "Spam", banExpiresAt }).where(eq(users.id, member.id));
    const { visitor, res } = await passkeySignIn(passkey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.id, isBanned: true, banReason: "Spam", banExpiresAt: banExpiresAt.toISOString() });
    expect(res.body).toEqual((await login(member.username)).body);
    const topics = await visitor.get("/api/topics");
    expect(topics.status).toBe(403);
    expect(topics.body).toEqual({ message: "Account banned", banReason: "Spam", banExpiresAt: banExpiresAt.toISOString() });
  });

  it("is gone with a member's deletion", async () => {
    const { member, passkey } = await memberWithPasskey();
    await startMemberDeletion(t.database.db, { userId: member.id, requestedBy: null, content: "erase" });
    expect(await storedPasskeysOf(member.id)).toEqual([]);
    expect((await passkeySignIn(passkey)).res.body).toEqual({ message: PASSKEY_UNKNOWN });
  });
});

describe("POST /api/auth/confirm with a passkey", () => {
  const confirmWith = async (agent: Agent, passkey: SoftwarePasskey, bend: Parameters<SoftwarePasskey["authenticate"]>[1] = {}) => {
    const res = await agent.post("/api/auth/confirm").send({ passkey: passkey.authenticate(await passkeySignInOptions(agent), bend) });
    expectDocumentedAnswer("post /api/auth/confirm", res);
    return res;
  };

  it("opens the same window as the password, for adding and removing passkeys too", async () => {
    const { member, passkey, id } = await memberWithPasskey();
    const agent = await signedInAgent(t.app, member.username);
    expect((await agent.delete(`/api/auth/passkeys/${id}`)).status).toBe(403);
    const res = await confirmWith(agent, passkey);
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.confirmedUntil)).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect((await agent.get("/api/auth/user")).body.confirmedUntil).toBe(res.body.confirmedUntil);
    await addSoftwarePasskey(agent, "Phone");
    expect((await agent.delete(`/api/auth/passkeys/${id}`)).status).toBe(204);
  });

  it("refuses another member's passkey, a replay, an expired challenge and another origin (400), opening nothing", async () => {
    const { member, passkey } = await memberWithPasskey();
    const { passkey: othersPasskey } = await memberWithPasskey();
    const agent = await signedInAgent(t.app, member.username);
    const refused = (message: string) => ({ message, errors: [{ path: "passkey", message }] });

    expect((await confirmWith(agent, othersPasskey)).body).toEqual(refused(PASSKEY_NOT_YOURS));
    expect((await confirmWith(agent, passkey, { origin: "https://evil.example" })).body).toEqual(refused(PASSKEY_NOT_VERIFIED));
    const answer = passkey.authenticate(await passkeySignInOptions(agent));
    minutesLater(5.1);
    const expired = await agent.post("/api/auth/confirm").send({ passkey: answer });
    vi.restoreAllMocks();
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual(refused(PASSKEY_CHALLENGE_EXPIRED));
    expect((await agent.get("/api/auth/user")).body.confirmedUntil).toBeNull();

    const good = passkey.authenticate(await passkeySignInOptions(agent));
    expect((await agent.post("/api/auth/confirm").send({ passkey: good })).status).toBe(200);
    const replay = await agent.post("/api/auth/confirm").send({ passkey: good });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(refused(PASSKEY_CHALLENGE_EXPIRED));
  });

  it("counts failures towards the sign-in lockout", async () => {
    const { member, passkey } = await memberWithPasskey();
    const agent = await signedInAgent(t.app, member.username);
    for (let attempt = 0; attempt < 5; attempt++) expect((await confirmWith(agent, passkey, { rpId: "evil.example" })).status).toBe(400);
    expect((await login(member.username)).status).toBe(429);
    expect((await confirmWith(agent, passkey)).status).toBe(429);
  });
});
