import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ACCESS_TOKENS_PER_MEMBER } from "@shared/schemas/access-tokens";
import { createApp } from "../../app";
import { accessTokens } from "../../db/schema";
import { createLogger } from "../../logger";
import { TOKEN_READ_ONLY, TOKEN_REFUSED } from "../../policies/access-tokens";
import { createTestApp, testConfig, type TestApp } from "../../test/app";
import { createTestDatabase } from "../../test/database";
import { confirmedAgent } from "../../test/confirmation";
import { insertMember, PASSWORD, signedInAgent, type Agent } from "../../test/fixtures";
import { RefusedError, startPresenceServer } from "../../ws/test-support";

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const TOKEN_SHAPE = /^enc_[A-Za-z0-9_-]{43}$/;
const DAY_MS = 86_400_000;

async function signedInMember(values: Parameters<typeof insertMember>[1] = {}) {
  const user = await insertMember(t.database.db, values);
  // Confirmed: creating a token is a sensitive change (server/middlewares/fresh-confirmation.test.ts).
  return { user, agent: await confirmedAgent(t.app, user.username) };
}

async function makeToken(agent: Agent, body: object = { name: "script", scopes: ["read", "write"] }) {
  const res = await agent.post("/api/tokens").send(body);
  expect(res.status).toBe(201);
  return res.body as { id: number; token: string; name: string; scopes: string[]; createdAt: string; expiresAt: string | null };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const as = (token: string) => ({
  get: (url: string) => request(t.app).get(url).set(bearer(token)),
  post: (url: string, body?: object) => request(t.app).post(url).set(bearer(token)).send(body),
  patch: (url: string, body?: object) => request(t.app).patch(url).set(bearer(token)).send(body),
  delete: (url: string, body?: object) => request(t.app).delete(url).set(bearer(token)).send(body),
});

describe("POST /api/tokens", () => {
  it("answers 201 with the secret once; only its hash is stored, and the list never shows it", async () => {
    const { user, agent } = await signedInMember();
    const created = await makeToken(agent, { name: "  backup script ", scopes: ["read"], expiresInDays: 30 });
    expect(Object.keys(created).sort()).toEqual(["createdAt", "expiresAt", "id", "name", "scopes", "token"]);
    expect(created).toMatchObject({ name: "backup script", scopes: ["read"] });
    expect(created.token).toMatch(TOKEN_SHAPE);
    expect(new Date(created.expiresAt!).getTime() - new Date(created.createdAt).getTime()).toBe(30 * DAY_MS);

    const [stored] = await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id));
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(4));

    const list = await agent.get("/api/tokens");
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      tokens: [{ id: created.id, name: "backup script", scopes: ["read"], createdAt: created.createdAt, expiresAt: created.expiresAt, lastUsedAt: null }],
    });
    expect(JSON.stringify(list.body)).not.toContain(created.token.slice(4));
  });

  it("makes a token without expiry when expiresInDays is left out", async () => {
    const { agent } = await signedInMember();
    expect((await makeToken(agent)).expiresAt).toBeNull();
  });

  it.each([
    [{ name: "", scopes: ["read"] }],
    [{ name: "x".repeat(51), scopes: ["read"] }],
    [{ name: "x", scopes: ["write"] }],
    [{ name: "x", scopes: [] }],
    [{ name: "x", scopes: ["read", "write", "admin"] }],
    [{ name: "x", scopes: ["write", "read"] }],
    [{ name: "x", scopes: ["read"], expiresInDays: 0 }],
    [{ name: "x", scopes: ["read"], expiresInDays: 366 }],
    [{ name: "x", scopes: ["read"], expiresInDays: 1.5 }],
    [{ name: "x", scopes: ["read"], expiresInDays: "7" }],
    [{ name: "x", scopes: ["read"], userId: 1 }],
    [{ scopes: ["read"] }],
  ])("answers 400 to %j", async (body) => {
    const { agent } = await signedInMember();
    const res = await agent.post("/api/tokens").send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTypeOf("string");
  });

  it(`allows ${ACCESS_TOKENS_PER_MEMBER} tokens per member, then answers 409 until one is revoked`, async () => {
    const { agent } = await signedInMember();
    const made = await Promise.all(Array.from({ length: ACCESS_TOKENS_PER_MEMBER + 2 }, () => agent.post("/api/tokens").send({ name: "x", scopes: ["read"] })));
    expect(made.filter((res) => res.status === 201)).toHaveLength(ACCESS_TOKENS_PER_MEMBER);
    const refused = made.filter((res) => res.status !== 201);
    expect(refused.map((res) => [res.status, res.body.message])).toEqual([
      [409, "You can have at most 10 tokens: revoke one first"],
      [409, "You can have at most 10 tokens: revoke one first"],
    ]);
    await agent.delete(`/api/tokens/${made.find((res) => res.status === 201)!.body.id}`).expect(204);
    await makeToken(agent);
    // Another member's count is their own.
    await makeToken((await signedInMember()).agent);
  });
});

describe("DELETE /api/tokens/{id}", () => {
  it("revokes the member's token (204): it is then a 401; another member's or an unknown id is 404", async () => {
    const alice = await signedInMember();
    const bob = await signedInMember();
    const mine = await makeToken(alice.agent);
    const theirs = await makeToken(bob.agent);

    expect((await alice.agent.delete(`/api/tokens/${theirs.id}`)).status).toBe(404);
    expect((await as(theirs.token).get("/api/auth/user")).status).toBe(200);
    expect((await alice.agent.delete("/api/tokens/999999999")).status).toBe(404);
    expect((await alice.agent.delete("/api/tokens/abc")).status).toBe(404);

    await as(mine.token).get("/api/auth/user").expect(200);
    const res = await alice.agent.delete(`/api/tokens/${mine.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await as(mine.token).get("/api/auth/user")).status).toBe(401);
    expect((await alice.agent.get("/api/tokens")).body.tokens).toEqual([]);
    expect((await alice.agent.delete(`/api/tokens/${mine.id}`)).status).toBe(404);
  });

  it("answers 401 signed out", async () => {
    expect((await request(t.app).get("/api/tokens")).status).toBe(401);
    expect((await request(t.app).post("/api/tokens").send({ name: "x", scopes: ["read"] })).status).toBe(401);
    expect((await request(t.app).delete("/api/tokens/1")).status).toBe(401);
  });
});

describe("Authorization: Bearer", () => {
  it("authenticates a call as the token's member: read allows GET only, write allows writes too", async () => {
    const { user, agent } = await signedInMember();
    const read = await makeToken(agent, { name: "reader", scopes: ["read"] });
    const write = await makeToken(agent, { name: "writer", scopes: ["read", "write"] });

    expect((await as(read.token).get("/api/auth/user")).body.username).toBe(user.username);
    expect((await as(read.token).get("/api/topics")).status).toBe(200);
    const refused = await as(read.token).post("/api/topics", { title: "From a read token" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TOKEN_READ_ONLY);
    expect((await as(read.token).patch("/api/auth/profile", { bio: "x" })).status).toBe(403);
    expect((await as(read.token).delete("/api/drafts/new-topic")).status).toBe(403);

    const topic = await as(write.token).post("/api/topics", { title: "From a write token" });
    expect(topic.status).toBe(201);
    expect(topic.body.createdBy).toBe(user.id);
    expect((await as(write.token).patch("/api/auth/profile", { bio: "by token" })).body.bio).toBe("by token");
  });

  it.each([
    ["get", "/api/admin/users"],
    ["get", "/api/ADMIN/users/"],
    ["get", "/api/admin/actions"],
    ["post", "/api/admin/categories", { name: "x", color: "#000000" }],
    ["get", "/api/tokens"],
    ["post", "/api/tokens", { name: "x", scopes: ["read"] }],
    ["delete", "/api/tokens/1"],
    ["patch", "/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "Another123" }],
    ["patch", "/api/auth/profile", { email: "new@example.com" }],
    ["patch", "/api/auth/profile", { bio: "x", email: null }],
    ["get", "/api/auth/2fa"],
    ["post", "/api/auth/2fa/setup"],
    ["post", "/api/auth/2fa/disable", { password: PASSWORD, code: "123456" }],
    ["get", "/api/auth/sessions"],
    ["delete", "/api/auth/sessions"],
    ["delete", "/api/auth/sessions/abc"],
    ["get", "/api/auth/export"],
    ["delete", "/api/auth/account", { password: PASSWORD }],
    ["post", "/api/auth/logout"],
    ["post", "/api/auth/login", { username: "x", password: PASSWORD }],
  ] as const)("refuses a write token (even an administrator's) at %s %s: 403", async (method, url, body?: object) => {
    const { user, agent } = await signedInMember({ isAdmin: true });
    const { token } = await makeToken(agent);
    const res = await as(token)[method](url, body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(TOKEN_REFUSED);
    // Nothing happened: the member is still there, with the same password and sessions.
    expect((await agent.get("/api/auth/user")).body.username).toBe(user.username);
  });

  it("acts as a plain member on member routes: an administrator's write token has no staff powers there", async () => {
    const { agent: staff } = await signedInMember({ isAdmin: true });
    const { token } = await makeToken(staff);
    const { user: author, agent: authorAgent } = await signedInMember();
    const topic = (await authorAgent.post("/api/topics").send({ title: "Someone else's topic", description: "Opening words" })).body.id as number;
    const post = (await authorAgent.post(`/api/topics/${topic}/posts`).send({ content: "Someone else's reply" })).body.id as number;
    const comment = (await staff.post(`/api/users/${author.id}/comments`).send({ content: "Left by the admin's session" })).body.id as number;
    const foreignComment = (await authorAgent.post(`/api/users/${author.id}/comments`).send({ content: "The owner's own" })).body.id as number;
    expect(comment).toBeTypeOf("number");

    // Pinning, locking and deleting others' words are staff powers: refused to the token as to any member.
    expect((await as(token).patch(`/api/topics/${topic}`, { isPinned: true })).status).toBe(403);
    expect((await as(token).patch(`/api/topics/${topic}`, { isLocked: true })).status).toBe(403);
    expect((await as(token).delete(`/api/posts/${post}`)).status).toBe(403);
    expect((await as(token).delete(`/api/profile-comments/${foreignComment}`)).status).toBe(403);
    const page = await authorAgent.get(`/api/topics/${topic}`);
    expect(page.body).toMatchObject({ isPinned: false, isLocked: false });
    expect((await authorAgent.get(`/api/topics/${topic}/posts`)).body.map((p: { id: number }) => p.id)).toContain(post);
    // The same member's session keeps them.
    expect((await staff.patch(`/api/topics/${topic}`).send({ isPinned: true })).status).toBe(200);
    // And the token still does what any member may: delete their own comment.
    expect((await as(token).delete(`/api/profile-comments/${comment}`)).status).toBe(200);
  });

  it.each([
    ["no token", "Bearer"],
    ["a short token", "Bearer abc"],
    ["a foreign prefix", `Bearer ghp_${"a".repeat(43)}`],
    ["one character too many", `Bearer enc_${"a".repeat(44)}`],
    ["a well-formed token nobody has", `Bearer enc_${"a".repeat(43)}`],
    ["a lower-case scheme with an unknown token", `bearer enc_${"b".repeat(43)}`],
  ])("answers 401 to %s", async (_case, authorization) => {
    const res = await request(t.app).get("/api/topics").set("Authorization", authorization);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Invalid or expired access token");
  });

  it("answers 401 to an expired token, and to any token whose member is gone", async () => {
    const { agent } = await signedInMember();
    const expiring = await makeToken(agent, { name: "x", scopes: ["read"], expiresInDays: 1 });
    await as(expiring.token).get("/api/auth/user").expect(200);
    await t.database.db.update(accessTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accessTokens.id, expiring.id));
    expect((await as(expiring.token).get("/api/auth/user")).status).toBe(401);
  });

  it("a bearer call with a session cookie is the token's member's: the cookie is not read, nor its session touched", async () => {
    const alice = await signedInMember();
    const bob = await signedInMember();
    const { token } = await makeToken(bob.agent, { name: "x", scopes: ["read"] });
    const login = await request(t.app).post("/api/auth/login").send({ username: alice.user.username, password: PASSWORD });
    const cookie = login.headers["set-cookie"]![0]!.split(";")[0]!;
    const res = await request(t.app).get("/api/auth/user").set("Cookie", cookie).set(bearer(token));
    expect(res.body.username).toBe(bob.user.username);
    expect(res.headers["set-cookie"]).toBeUndefined();
    // A bad token with a good cookie is still a 401: a Bearer call is never a session's.
    expect((await request(t.app).get("/api/auth/user").set("Cookie", cookie).set("Authorization", "Bearer nope")).status).toBe(401);
  });

  it("sets no cookie and needs no Origin; a session write from another site is still refused", async () => {
    const { agent } = await signedInMember();
    const { token } = await makeToken(agent);
    for (const res of [await as(token).get("/api/topics"), await as(token).post("/api/topics", { title: "No cookie" })]) {
      expect(res.status).toBeLessThan(300);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    const fromElsewhere = await request(t.app).post("/api/topics").set(bearer(token)).set("Origin", "https://elsewhere.example").send({ title: "Any origin" });
    expect(fromElsewhere.status).toBe(201);
    expect((await agent.post("/api/topics").set("Origin", "https://elsewhere.example").send({ title: "Cross-site" })).status).toBe(403);
  });

  it("records lastUsedAt on use, without a write for every call", async () => {
    const { agent } = await signedInMember();
    const { id, token } = await makeToken(agent);
    const lastUsed = async () => (await t.database.db.select({ at: accessTokens.lastUsedAt }).from(accessTokens).where(eq(accessTokens.id, id)))[0]!.at;
    expect(await lastUsed()).toBeNull();
    await as(token).get("/api/topics").expect(200);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await as(token).get("/api/topics").expect(200);
    expect(await lastUsed()).toEqual(first);
    expect((await agent.get("/api/tokens")).body.tokens[0].lastUsedAt).toBe(first!.toISOString());
    // Older than the precision, the next call records it again.
    await t.database.db.update(accessTokens).set({ lastUsedAt: new Date(Date.now() - 3_600_000) }).where(eq(accessTokens.id, id));
    await as(token).get("/api/topics").expect(200);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 3_600_000 + 1000);
  });
});

describe("tokens die", () => {
  it("with a ban, and stay dead after the unban", async () => {
    const { user, agent } = await signedInMember();
    const admin = await signedInMember({ isAdmin: true });
    const { token } = await makeToken(agent);
    await as(token).get("/api/auth/user").expect(200);
    await admin.agent.post(`/api/admin/users/${user.id}/ban`).send({ reason: "spam" }).expect(200);
    expect((await as(token).get("/api/auth/user")).status).toBe(401);
    await admin.agent.post(`/api/admin/users/${user.id}/unban`).expect(200);
    expect((await as(token).get("/api/auth/user")).status).toBe(401);
  });

  it("with a password change", async () => {
    const { agent } = await signedInMember();
    const { token } = await makeToken(agent);
    await agent.patch("/api/auth/change-password").send({ currentPassword: PASSWORD, newPassword: "Another123" }).expect(200);
    expect((await as(token).get("/api/auth/user")).status).toBe(401);
    expect((await agent.get("/api/tokens")).body.tokens).toEqual([]);
  });

  it("with the member's deletion", async () => {
    const { user, agent } = await signedInMember();
    const { token } = await makeToken(agent);
    await agent.delete("/api/auth/account").send({ password: PASSWORD }).expect(200);
    expect((await as(token).get("/api/auth/user")).status).toBe(401);
    expect(await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id))).toEqual([]);
  });
});

describe("a bearer call's limits", () => {
  it("counts against its member's per-member limits, shared with their sessions", async () => {
    const limited = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: "3" });
    try {
      const user = await insertMember(limited.database.db);
      const agent = await confirmedAgent(limited.app, user.username);
      const { token } = (await agent.post("/api/tokens").send({ name: "x", scopes: ["read", "write"] }).expect(201)).body;
      // Topics and posts share the budget: the session's topic takes one of the three.
      const topic = (await agent.post("/api/topics").send({ title: "Limits" }).expect(201)).body;
      const post = () => request(limited.app).post(`/api/topics/${topic.id}/posts`).set(bearer(token)).send({ content: "x" });
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(429);
      // The same member's session has no budget left either; another member has theirs.
      expect((await agent.post(`/api/topics/${topic.id}/posts`).send({ content: "x" })).status).toBe(429);
      const other = await signedInAgent(limited.app, (await insertMember(limited.database.db)).username);
      expect((await other.post(`/api/topics/${topic.id}/posts`).send({ content: "x" })).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe("secrets in logs", () => {
  it("never writes a token to the log, and logs a bearer call's member", async () => {
    const lines: string[] = [];
    const captured = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const dir = await mkdtemp(path.join(os.tmpdir(), "enclave-token-log-"));
    const database = await createTestDatabase();
    const logger = createLogger({ level: "debug", destination: captured });
    const app = createApp({ config: testConfig(dir), database, logger, sessionSecret: "test-session-secret-that-is-long-enough" });
    try {
      const user = await insertMember(database.db);
      const agent = await confirmedAgent(app.app, user.username);
      const created = await agent.post("/api/tokens").send({ name: "x", scopes: ["read", "write"] }).expect(201);
      const token: string = created.body.token;
      await request(app.app).get("/api/auth/user").set(bearer(token)).expect(200);
      await request(app.app).get("/api/admin/users").set(bearer(token)).expect(403);
      await request(app.app).post("/api/topics").set(bearer(token)).send({ title: "Logged" }).expect(201);
      await request(app.app).get("/api/topics").set("Authorization", `Bearer ${token}x`).expect(401);
      const requestLines = () => lines.map((line) => JSON.parse(line) as { msg?: string; userId?: number }).filter((entry) => entry.msg === "request");
      for (let attempt = 0; attempt < 100 && requestLines().length < 6; attempt++) await new Promise((resolve) => setImmediate(resolve));
      expect(requestLines().length).toBeGreaterThanOrEqual(6);
      expect(lines.join("\n")).not.toContain(token.slice(4));
      expect(lines.join("\n").toLowerCase()).not.toContain("bearer");
      expect(requestLines().filter((entry) => entry.userId === user.id).length).toBeGreaterThanOrEqual(5);
    } finally {
      await app.close();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("/ws", () => {
  it("is not opened by a token: it is the signed-in browser's, by its session cookie", async () => {
    const site = await startPresenceServer(t.database.url);
    try {
      const user = await insertMember(t.database.db);
      const cookie = await site.signIn(user.username);
      // The whole answer: the session's row is written before its last byte goes out.
      await (await fetch(`${site.origin}/api/auth/confirm`, { method: "POST", headers: { "Content-Type": "application/json", cookie }, body: JSON.stringify({ password: PASSWORD }) })).json();
      const created = await fetch(`${site.origin}/api/tokens`, {
        method: "POST",
        headers: { "Content-Type": "application/json", cookie },
        body: JSON.stringify({ name: "x", scopes: ["read", "write"] }),
      });
      const { token } = (await created.json()) as { token: string };
      const status = await new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(site.url, { headers: bearer(token), origin: site.origin });
        ws.once("open", () => reject(new Error("the upgrade was accepted")));
        ws.once("unexpected-response", (_req, res) => {
          resolve(new RefusedError(res.statusCode ?? 0).status);
          ws.terminate();
        });
        ws.on("error", reject);
      });
      expect(status).toBe(401);
    } finally {
      await site.close();
    }
  });
});
