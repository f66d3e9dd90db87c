import { generateKeyPairSync, randomBytes } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { PNG_1X1 } from "../test/files";
import { type Agent, PASSWORD, insertMember, inviteCode, signedInAgent, uniqueName } from "../test/fixtures";
import { documentedRouteNames, expectDocumentedAnswer } from "../test/openapi";
import { confirmedAgent } from "../test/confirmation";
import { createVerificationToken } from "../commands/email-verification";
import { requestPasswordReset } from "../commands/password-reset";
import { newMailedToken } from "../commands/mailed-token";
import { TASKS } from "../jobs/tasks";
import { jobsSettled } from "../test/jobs";
import { SoftwarePasskey } from "../test/passkeys";

/**
 * Every route's successful answer, once, checked against the reference (the access matrix and the
 * fuzz suite reach mostly the error answers): what a client reading /api/openapi.json is promised
 * is what it gets. The last test fails for a documented route none of these calls reached.
 */
// Push endpoints on loopback are accepted only for hosts listed here (docs/product.md "Watching, push and install").
const t: TestApp = await createTestApp({ PUSH_ALLOW_HOSTS: "127.0.0.1" });
afterAll(() => t.close());

const reached = new Set<string>();
async function call(name: string, req: request.Test, status: number): Promise<request.Response> {
  const res = await req;
  expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBe(status);
  expectDocumentedAnswer(name, res);
  reached.add(name);
  return res;
}

let admin: Agent;
let alice: Agent;
let bob: Agent;
const names = { admin: "", alice: "", bob: "" };
const ids = { admin: 0, alice: 0, bob: 0 };
beforeAll(async () => {
  for (const who of ["admin", "alice", "bob"] as const) {
    const member = await insertMember(t.database.db, { isAdmin: who === "admin" });
    names[who] = member.username;
    ids[who] = member.id;
  }
  [admin, alice, bob] = await Promise.all([signedInAgent(t.app, names.admin), signedInAgent(t.app, names.alice), signedInAgent(t.app, names.bob)]);
});

describe("each route's successful answer is the documented one", () => {
  it("sign-in, account, sessions, tokens", async () => {
    const newcomer = request.agent(t.app);
    const username = uniqueName("newcomer");
    await call("post /api/auth/register", newcomer.post("/api/auth/register").send({ username, password: PASSWORD, inviteCode: await inviteCode(t.database.db) }), 201);
    await call("post /api/auth/login", request.agent(t.app).post("/api/auth/login").send({ username, password: PASSWORD }), 200);
    await call("get /api/auth/user", newcomer.get("/api/auth/user"), 200);
    // The sensitive changes below come after a fresh confirmation.
    await call("post /api/auth/confirm", newcomer.post("/api/auth/confirm").send({ password: PASSWORD }), 200);
    await call("patch /api/auth/profile", newcomer.patch("/api/auth/profile").send({ bio: "Hello", website: "https://example.com" }), 200);
    await call("get /api/user/ban-info", newcomer.get("/api/user/ban-info"), 200);
    const sessions = await call("get /api/auth/sessions", newcomer.get("/api/auth/sessions"), 200);
    const other = (sessions.body.sessions as { id: string; current: boolean }[]).find((session) => !session.current)!;
    await call("delete /api/auth/sessions/:id", newcomer.delete(`/api/auth/sessions/${other.id}`), 204);
    await call("delete /api/auth/sessions", newcomer.delete("/api/auth/sessions"), 204);
    await call("patch /api/auth/change-password", newcomer.patch("/api/auth/change-password").send({ currentPassword: PASSWORD, newPassword: "Another123" }), 200);

    const token = await call("post /api/tokens", newcomer.post("/api/tokens").send({ name: "script", scopes: ["read"], expiresInDays: 30 }), 201);
    await call("get /api/tokens", newcomer.get("/api/tokens"), 200);
    await call("delete /api/tokens/:id", newcomer.delete(`/api/tokens/${token.body.id}`), 204);

    await call("get /api/auth/export", newcomer.get("/api/auth/export").buffer(true), 200);
    await call("delete /api/auth/account", newcomer.delete("/api/auth/account").send({ password: "Another123" }), 200);
  });

  it("two-factor sign-in", async () => {
    const { generate } = await import("otplib");
    const member = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, member.username);
    await call("get /api/auth/2fa", agent.get("/api/auth/2fa"), 200);
    const setup = await call("post /api/auth/2fa/setup", agent.post("/api/auth/2fa/setup"), 200);
    const code = await generate({ secret: setup.body.secret });
    const enabled = await call("post /api/auth/2fa/enable", agent.post("/api/auth/2fa/enable").send({ code }), 200);
    const [first, second] = enabled.body.recoveryCodes as string[];
    const browser = request.agent(t.app);
    const pending = await call("post /api/auth/login", browser.post("/api/auth/login").send({ username: member.username, password: PASSWORD }), 200);
    expect(pending.body).toEqual({ twoFactorRequired: true });
    await call("post /api/auth/login/2fa", browser.post("/api/auth/login/2fa").send({ recoveryCode: first }), 200);
    await call("post /api/auth/2fa/disable", agent.post("/api/auth/2fa/disable").send({ password: PASSWORD, code: second }), 200);
  });

  it("passkeys", async () => {
    // A passkey is bound to the site's origin: one Host for every request (each supertest request has a port of its own).
    const host = "localhost:5173";
    const member = await insertMember(t.database.db);
    const agent = request.agent(t.app);
    await agent.post("/api/auth/login").set("Host", host).send({ username: member.username, password: PASSWORD });
    await agent.post("/api/auth/confirm").set("Host", host).send({ password: PASSWORD });
    const passkey = new SoftwarePasskey();
    const creation = await call("post /api/auth/passkeys/options", agent.post("/api/auth/passkeys/options").set("Host", host), 200);
    const response = passkey.register(creation.body, { origin: `http://${host}` });
    const added = await call("post /api/auth/passkeys", agent.post("/api/auth/passkeys").set("Host", host).send({ name: "Laptop", response }), 201);
    await call("get /api/auth/passkeys", agent.get("/api/auth/passkeys"), 200);
    const visitor = request.agent(t.app);
    const signInOptions = await call("post /api/auth/passkey/options", visitor.post("/api/auth/passkey/options").set("Host", host), 200);
    const assertion = passkey.authenticate(signInOptions.body, { origin: `http://${host}` });
    await call("post /api/auth/passkey/login", visitor.post("/api/auth/passkey/login").set("Host", host).send({ response: assertion }), 200);
    await call("delete /api/auth/passkeys/:id", agent.delete(`/api/auth/passkeys/${added.body.id}`).set("Host", host), 204);
  });

  it("the forum", async () => {
    const topic = await call("post /api/topics", alice.post("/api/topics").send({ title: "Answers", description: "About answers", tags: ["docs"] }), 201);
    const topicId = topic.body.id as number;
    await call("get /api/topics", alice.get("/api/topics"), 200);
    await call("get /api/topics", alice.get("/api/topics?filter=top&period=week"), 200);
    await call("get /api/topics/:id", alice.get(`/api/topics/${topicId}`), 200);
    await call("patch /api/topics/:id", alice.patch(`/api/topics/${topicId}`).send({ title: "Answers, checked" }), 200);
    await call("patch /api/topics/:id", alice.patch(`/api/topics/${topicId}`).send({ description: "About **answers**" }), 200);
    await call("get /api/topics/:id/revisions", bob.get(`/api/topics/${topicId}/revisions`), 200);
    await call("put /api/topics/:id/reactions/:reaction", bob.put(`/api/topics/${topicId}/reactions/like`), 200);
    await call("get /api/topics/:id/reactions", alice.get(`/api/topics/${topicId}/reactions`), 200);
    await call("delete /api/topics/:id/reactions/:reaction", bob.delete(`/api/topics/${topicId}/reactions/like`), 200);
    const post = await call("post /api/topics/:id/posts", alice.post(`/api/topics/${topicId}/posts`).send({ content: "First, **bold**" }), 201);
    const postId = post.body.id as number;
    await call("put /api/topics/:id/read", alice.put(`/api/topics/${topicId}/read`).send({ postId }), 200);
    await call("patch /api/posts/:id", alice.patch(`/api/posts/${postId}`).send({ content: "First, edited" }), 200);
    await call("get /api/posts/:id/revisions", alice.get(`/api/posts/${postId}/revisions`), 200);
    await call("put /api/posts/:id/reactions/:reaction", bob.put(`/api/posts/${postId}/reactions/like`), 200);
    await call("get /api/posts/:id/reactions", alice.get(`/api/posts/${postId}/reactions`), 200);
    await call("get /api/topics/:id/posts", bob.get(`/api/topics/${topicId}/posts`), 200);
    await call("get /api/topics/:id/posts", bob.get(`/api/topics/${topicId}/posts?around=${postId}`), 200);
    const remindAt = new Date(Date.now() + 3_600_000).toISOString();
    await call("put /api/bookmarks/posts/:postId", bob.put(`/api/bookmarks/posts/${postId}`).send({ remindAt }), 200);
    await call("get /api/bookmarks", bob.get("/api/bookmarks"), 200);
    await call("delete /api/bookmarks/posts/:postId", bob.delete(`/api/bookmarks/posts/${postId}`), 204);
    await call("delete /api/posts/:id/reactions/:reaction", bob.delete(`/api/posts/${postId}/reactions/like`), 200);
    await call("get /api/categories", alice.get("/api/categories"), 200);
    await call("get /api/tags", alice.get("/api/tags?q=do"), 200);
    for (const type of ["posts", "topics", "members"]) await call("get /api/search", alice.get(`/api/search?q=answers&type=${type}`), 200);
    await call("get /api/search/counts", alice.get("/api/search/counts?q=answers"), 200);
    await call("post /api/preview", alice.post("/api/preview").send({ content: "*Hi* @" + names.bob }), 200);
    await call("put /api/drafts/:key", alice.put(`/api/drafts/topic-${topicId}`).send({ content: "Half a thought" }), 204);
    await call("get /api/drafts/:key", alice.get(`/api/drafts/topic-${topicId}`), 200);
    await call("delete /api/drafts/:key", alice.delete(`/api/drafts/topic-${topicId}`), 204);
    await bob.post(`/api/topics/${topicId}/posts`).send({ content: `A reply for @${names.alice}` });
    await call("get /api/notifications", alice.get("/api/notifications"), 200);
    await call("post /api/notifications/read", alice.post("/api/notifications/read").send({}), 200);
    await call("delete /api/posts/:id", alice.delete(`/api/posts/${postId}`), 200);

    const category = await call("post /api/admin/categories", admin.post("/api/admin/categories").send({ name: uniqueName("Docs"), color: "#336699" }), 201);
    await call("patch /api/admin/categories/:id", admin.patch(`/api/admin/categories/${category.body.id}`).send({ description: "Reference" }), 200);
    await call("delete /api/admin/categories/:id", admin.delete(`/api/admin/categories/${category.body.id}`).send({ moveTo: 1 }), 200);
    const word = await call("post /api/admin/watched-words", admin.post("/api/admin/watched-words").send({ word: uniqueName("watched"), action: "flag" }), 201);
    await call("get /api/admin/watched-words", admin.get("/api/admin/watched-words"), 200);
    await call("delete /api/admin/watched-words/:id", admin.delete(`/api/admin/watched-words/${word.body.id}`), 204);
    const group = await call("post /api/admin/groups", admin.post("/api/admin/groups").send({ name: uniqueName("Readers") }), 201);
    await call("get /api/admin/groups", admin.get("/api/admin/groups"), 200);
    await call("patch /api/admin/groups/:id", admin.patch(`/api/admin/groups/${group.body.id}`).send({ name: uniqueName("Editors") }), 200);
    await call("put /api/admin/groups/:id/members/:username", admin.put(`/api/admin/groups/${group.body.id}/members/${names.bob}`), 200);
    await call("delete /api/admin/groups/:id/members/:username", admin.delete(`/api/admin/groups/${group.body.id}/members/${names.bob}`), 200);
    await call("delete /api/admin/groups/:id", admin.delete(`/api/admin/groups/${group.body.id}`), 200);
    await call("delete /api/topics/:id", admin.delete(`/api/topics/${topicId}`), 200);
  });

  it("private messages and blocks", async () => {
    const conversation = await call("post /api/conversations", alice.post("/api/conversations").send({ usernames: [names.bob], content: "Hello Bob" }), 201);
    const id = conversation.body.id as number;
    await call("get /api/conversations", bob.get("/api/conversations"), 200);
    await call("get /api/conversations/:id", bob.get(`/api/conversations/${id}`), 200);
    const message = await call("post /api/conversations/:id/messages", bob.post(`/api/conversations/${id}/messages`).send({ content: "Hi Alice" }), 201);
    await call("get /api/conversations/:id/messages", alice.get(`/api/conversations/${id}/messages`), 200);
    await call("put /api/conversations/:id/read", alice.put(`/api/conversations/${id}/read`).send({ messageId: message.body.id }), 200);
    await call("delete /api/conversations/:id/messages/:messageId", bob.delete(`/api/conversations/${id}/messages/${message.body.id}`), 200);
    await call("post /api/conversations/:id/participants", alice.post(`/api/conversations/${id}/participants`).send({ username: names.admin }), 201);
    await call("delete /api/conversations/:id/participants/me", admin.delete(`/api/conversations/${id}/participants/me`), 204);
    await call("put /api/blocks/:username", alice.put(`/api/blocks/${names.admin}`), 204);
    await call("get /api/blocks", alice.get("/api/blocks"), 200);
    await call("delete /api/blocks/:username", alice.delete(`/api/blocks/${names.admin}`), 204);
  });

  it("members, profile comments and invites", async () => {
    await call("get /api/users", alice.get("/api/users"), 200);
    await call("get /api/users/:username", alice.get(`/api/users/${names.bob}`), 200);
    await call("get /api/users/:username", admin.get(`/api/users/${names.bob}`), 200);
    await call("get /api/users/:username/bio-status", alice.get(`/api/users/${names.bob}/bio-status`), 200);
    await call("get /api/users/:username/activity", alice.get(`/api/users/${names.alice}/activity`), 200);
    await call("get /api/users/:username/activity", alice.get(`/api/users/${names.alice}/activity?type=posts`), 200);
    await call("get /api/users/:id/badges", alice.get(`/api/users/${ids.admin}/badges`), 200);
    const comment = await call("post /api/users/:id/comments", alice.post(`/api/users/${ids.bob}/comments`).send({ content: "Nice profile" }), 201);
    await call("get /api/users/:id/comments", bob.get(`/api/users/${ids.bob}/comments`), 200);
    await call("delete /api/profile-comments/:id", bob.delete(`/api/profile-comments/${comment.body.id}`), 200);
    const invite = await call("post /api/invites", admin.post("/api/invites").send({ expiresInDays: 7 }), 201);
    await call("get /api/invites", admin.get("/api/invites"), 200);
    await call("delete /api/invites/:id", admin.delete(`/api/invites/${invite.body.id}`), 200);
    await call("post /api/admin/users/:id/invite", admin.post(`/api/admin/users/${ids.alice}/invite`), 201);
    await call("get /api/invites/assigned", alice.get("/api/invites/assigned"), 200);
  });

  it("bio cards, links and uploads", async () => {
    const upload = await call("post /api/upload", alice.post("/api/upload").field("kind", "bioAvatar").attach("file", PNG_1X1, "a.png"), 201);
    await call("post /api/bio", alice.post("/api/bio"), 201);
    await call("patch /api/bio", alice.patch("/api/bio").send({ displayName: "Alice", isPublic: true, showStats: true, showViews: true, showUid: true, showOnlineStatus: true, bioAvatar: upload.body.url }), 200);
    const link = await call("post /api/user/links", alice.post("/api/user/links").send({ title: "Site", url: "https://example.com" }), 201);
    await call("patch /api/user/links/:id", alice.patch(`/api/user/links/${link.body.id}`).send({ title: "My site" }), 200);
    await call("put /api/user/links/order", alice.put("/api/user/links/order").send({ ids: [link.body.id] }), 200);
    await call("get /api/bio/settings", alice.get("/api/bio/settings"), 200);
    await call("get /api/bio/:username", request(t.app).get(`/api/bio/${names.alice}`), 200);
    await call("post /api/bio/:username/links/:id/click", request(t.app).post(`/api/bio/${names.alice}/links/${link.body.id}/click`), 204);
    await call("get /api/bio/analytics", alice.get("/api/bio/analytics?days=7"), 200);
    await call("delete /api/user/links/:id", alice.delete(`/api/user/links/${link.body.id}`), 200);
    await call("patch /api/bio", alice.patch("/api/bio").send({ bioAvatar: null }), 200);
    await call("delete /api/upload/:filename", alice.delete(`/api/upload/${String(upload.body.url).split("/").at(-1)}`), 200);
  });

  it("administration", async () => {
    const target = await insertMember(t.database.db);
    await call("get /api/admin/users", admin.get("/api/admin/users?search=member"), 200);
    await call("post /api/admin/users/:id/ban", admin.post(`/api/admin/users/${target.id}/ban`).send({ reason: "Spam" }), 200);
    await call("post /api/admin/users/:id/unban", admin.post(`/api/admin/users/${target.id}/unban`), 200);
    await call("post /api/admin/users/:id/silence", admin.post(`/api/admin/users/${target.id}/silence`).send({ days: 3, reason: "Cool down" }), 200);
    await call("delete /api/admin/users/:id/silence", admin.delete(`/api/admin/users/${target.id}/silence`), 200);
    await call("put /api/admin/users/:id/role", admin.put(`/api/admin/users/${target.id}/role`).send({ role: "moderator" }), 200);
    await call("put /api/admin/users/:id/role", admin.put(`/api/admin/users/${target.id}/role`).send({ role: "member" }), 200);
    await call("get /api/admin/users/:id/invites", admin.get(`/api/admin/users/${target.id}/invites`), 200);
    await call("get /api/moderation-log", alice.get("/api/moderation-log"), 200);
    await call("post /api/admin/users/:id/badges", admin.post(`/api/admin/users/${target.id}/badges`).send({ badgeType: "verified" }), 201);
    await call("delete /api/admin/users/:id/badges/:badgeType", admin.delete(`/api/admin/users/${target.id}/badges/verified`), 200);
    await call("post /api/admin/invite-wave", admin.post("/api/admin/invite-wave"), 200);
    await call("post /api/admin/purge-invites", admin.post("/api/admin/purge-invites"), 200);
    await call("post /api/admin/purge-active-invites", admin.post("/api/admin/purge-active-invites"), 200);
    await call("delete /api/admin/users/:id", admin.delete(`/api/admin/users/${target.id}`), 200);
    await call("get /api/admin/users/:id/deletion", admin.get(`/api/admin/users/${target.id}/deletion`), 200);
    await call("get /api/admin/actions", admin.get("/api/admin/actions"), 200);
  });

  it("email: verification, password reset, unsubscribe, the outbox", async () => {
    const email = `answers.${process.pid}@mail.example`;
    const member = await insertMember(t.database.db, { email });
    const verify = await createVerificationToken(t.database.db, member.id, email);
    await call("post /api/auth/verify-email", request(t.app).post("/api/auth/verify-email").send({ token: verify }), 204);
    await call("post /api/auth/forgot-password", request(t.app).post("/api/auth/forgot-password").send({ login: member.username }), 204);
    const reset = newMailedToken();
    await requestPasswordReset(t.database.db, t.mail.mailer, member.username, reset.tokenHash, (recipient) => ({ to: recipient.email, subject: "Reset", text: reset.token, html: reset.token }));
    await call("post /api/auth/reset-password", request(t.app).post("/api/auth/reset-password").send({ token: reset.token, password: "Renewed123" }), 204);
    const unsubscribe = t.mail.unsubscribeTokens.make(member.id);
    await call("post /api/email/unsubscribe", request(t.app).post(`/api/email/unsubscribe?token=${encodeURIComponent(unsubscribe)}`).type("form").send("List-Unsubscribe=One-Click"), 204);

    const unverified = await insertMember(t.database.db, { email: `unverified.${process.pid}@mail.example` });
    await call("post /api/auth/verify-email/resend", (await signedInAgent(t.app, unverified.username)).post("/api/auth/verify-email/resend"), 204);
    await jobsSettled(t.database.db, [TASKS.sendMail]);
    const outbox = await call("get /api/admin/mail", admin.get("/api/admin/mail"), 200);
    await call("get /api/admin/mail/:id", admin.get(`/api/admin/mail/${outbox.body.mails[0].id}`), 200);
  });

  it("flags and the review queue", async () => {
    const topic = await alice.post("/api/topics").send({ title: "Flag me", description: "" });
    const post = await alice.post(`/api/topics/${topic.body.id}/posts`).send({ content: "Something to flag" });
    await call("post /api/flags", bob.post("/api/flags").send({ targetType: "post", targetId: post.body.id, reason: "spam" }), 201);
    await call("get /api/review/count", admin.get("/api/review/count"), 200);
    const queue = await call("get /api/review", admin.get("/api/review"), 200);
    const item = (queue.body.items as { id: number; targetId: number }[]).find((entry) => entry.targetId === post.body.id)!;
    await call("post /api/review/:id", admin.post(`/api/review/${item.id}`).send({ action: "keep" }), 200);
  });

  it("watching and push", async () => {
    const topic = await alice.post("/api/topics").send({ title: "Watched", description: "" });
    await call("put /api/topics/:id/notification-level", bob.put(`/api/topics/${topic.body.id}/notification-level`).send({ level: "watching" }), 200);
    await call("get /api/topic-notification-levels", bob.get("/api/topic-notification-levels"), 200);
    await call("get /api/push/key", bob.get("/api/push/key"), 200);
    // A browser's subscription: a P-256 point and a 16-byte secret, base64url.
    const keys = { p256dh: generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ format: "jwk" }), auth: randomBytes(16).toString("base64url") };
    const p256dh = Buffer.concat([Buffer.from([4]), Buffer.from(keys.p256dh.x!, "base64url"), Buffer.from(keys.p256dh.y!, "base64url")]).toString("base64url");
    const endpoint = "http://127.0.0.1:9/push/answers";
    await call("post /api/push/subscriptions", bob.post("/api/push/subscriptions").send({ endpoint, keys: { p256dh, auth: keys.auth } }), 201);
    await call("delete /api/push/subscriptions", bob.delete("/api/push/subscriptions").send({ endpoint }), 204);
  });

  it("health, the reference, and signing out", async () => {
    await call("get /api/health", request(t.app).get("/api/health"), 200);
    await call("get /api/openapi.json", request(t.app).get("/api/openapi.json"), 200);
    await call("get /api/docs", request(t.app).get("/api/docs"), 200);
    await call("post /api/auth/logout", bob.post("/api/auth/logout"), 200);
  });

  it("reached every documented route", () => {
    expect(documentedRouteNames().filter((name) => !reached.has(name))).toEqual([]);
  });
});
