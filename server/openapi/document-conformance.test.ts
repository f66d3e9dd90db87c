import { generate } from "otplib";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerificationToken } from "../commands/email-verification";
import { requestPasswordReset } from "../commands/password-reset";
import { newMailedToken } from "../commands/mailed-token";
import { TASKS } from "../jobs/tasks";
import { ENDPOINT_NOT_HTTPS } from "../push/push-endpoint";
import { createTestApp, type TestApp } from "../test/app";
import { PNG_1X1 } from "../test/files";
import { confirmedAgent } from "../test/confirmation";
import { jobsSettled } from "../test/jobs";
import { type Agent, PASSWORD, insertMember, inviteCode, uniqueName } from "../test/fixtures";
import { documentedRequest, type Given, operationsOf } from "../test/openapi-requests";
import { SoftwarePasskey } from "../test/passkeys";
import type { OpenApiDocument } from "./docs-page";

/**
 * The document states every rule of a request's shape that JSON Schema can (docs/product.md "API
 * conventions"): a request made from /api/openapi.json alone, as a client generated from it would
 * make it, is accepted, and a request that breaks one of those rules is refused by both.
 *
 * Each operation's request is made from its schemas (server/test/openapi-requests.ts: required
 * fields only, the first enum value, the least number, the shortest matching string), checked against
 * the document, and sent; only what the state decides is given (ids, names, the member's password,
 * a mailed token, a current two-factor code). Every operation must answer its documented success.
 */
// The generated push endpoint is https://example.com, taken as a push service's host here (no DNS in tests).
const t: TestApp = await createTestApp({ PUSH_ALLOW_HOSTS: "example.com" });
afterAll(() => t.close());

let operations: ReturnType<typeof operationsOf>;
const reached = new Set<string>();
type Caller = Agent | ReturnType<typeof request>;
type Method = "get" | "post" | "put" | "patch" | "delete";

/** Sends the document's request for `name` ("post /api/topics/:id") as `caller`, expecting its documented success. */
async function send(name: string, caller: Caller, given: Given = {}): Promise<request.Response> {
  const made = documentedRequest(operations, name, given);
  expect(made.problems, `${name}: the request breaks the document`).toEqual([]);
  let req = caller[name.split(" ")[0] as Method](made.url);
  if (made.form) {
    for (const [field, value] of Object.entries(made.form.fields)) req = req.field(field, value);
    if (made.form.file) req = req.attach(made.form.file, PNG_1X1, "a.png");
  } else if (made.body !== undefined) req = req.send(made.body as object);
  const res = await req.buffer(true);
  expect(res.status, `${name} ${made.url} ${JSON.stringify(made.body) ?? ""} → ${res.status} ${res.text?.slice(0, 300)}`).toBe(made.success);
  reached.add(name);
  return res;
}

const anyone = () => request(t.app);
let admin: Agent;
let alice: Agent;
let bob: Agent;
const names = { admin: "", alice: "", bob: "" };
const ids = { admin: 0, alice: 0, bob: 0 };

/** A member of their own (for what changes a member: sign-out, password, two-factor, deletion). */
async function newMember(values: Parameters<typeof insertMember>[1] = {}) {
  const member = await insertMember(t.database.db, values);
  return { ...member, agent: await confirmedAgent(t.app, member.username) };
}

beforeAll(async () => {
  operations = operationsOf((await anyone().get("/api/openapi.json")).body as OpenApiDocument);
  for (const who of ["admin", "alice", "bob"] as const) {
    const member = await insertMember(t.database.db, { isAdmin: who === "admin" });
    names[who] = member.username;
    ids[who] = member.id;
  }
  [admin, alice, bob] = await Promise.all([confirmedAgent(t.app, names.admin), confirmedAgent(t.app, names.alice), confirmedAgent(t.app, names.bob)]);
});

describe("a request made from the document is accepted", () => {
  it("sign-in, account, sessions, tokens", async () => {
    const newcomer = request.agent(t.app);
    const username = uniqueName("newcomer");
    await send("post /api/auth/register", newcomer, { body: { username, inviteCode: await inviteCode(t.database.db) } });
    const password = "Secret123"; // the document's example of a password, which registration took
    await send("post /api/auth/login", request.agent(t.app), { body: { username, password } });
    await send("get /api/auth/user", newcomer);
    // What follows changes the account: a fresh confirmation first.
    await send("post /api/auth/confirm", newcomer, { body: { password } });
    await send("patch /api/auth/profile", newcomer);
    await send("get /api/user/ban-info", newcomer);
    const sessions = await send("get /api/auth/sessions", newcomer);
    const other = (sessions.body.sessions as { id: string; current: boolean }[]).find((session) => !session.current)!;
    await send("delete /api/auth/sessions/:id", newcomer, { params: { id: other.id } });
    await send("delete /api/auth/sessions", newcomer);
    await send("patch /api/auth/change-password", newcomer, { body: { currentPassword: password } });

    const token = await send("post /api/tokens", newcomer);
    await send("get /api/tokens", newcomer);
    await send("delete /api/tokens/:id", newcomer, { params: { id: token.body.id } });
    await send("get /api/auth/export", newcomer);
    await send("delete /api/auth/account", newcomer, { body: { password } });
    await send("post /api/auth/logout", (await newMember()).agent);
  });

  it("two-factor sign-in, with codes of the app's", async () => {
    const { username, agent } = await newMember();
    await send("get /api/auth/2fa", agent);
    const { secret } = (await send("post /api/auth/2fa/setup", agent)).body as { secret: string };
    const enabled = await send("post /api/auth/2fa/enable", agent, { body: { code: await generate({ secret }) } });
    const browser = request.agent(t.app);
    await send("post /api/auth/login", browser, { body: { username, password: PASSWORD } });
    // A code is good once: the next period's (the server takes one period either side) follows the one that turned it on.
    await send("post /api/auth/login/2fa", browser, { body: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) } });
    await send("post /api/auth/2fa/disable", agent, { body: { password: PASSWORD, code: enabled.body.recoveryCodes[0] } });
  });

  it("passkeys, added, used to sign in and to confirm, removed", async () => {
    // A passkey is bound to the site's origin: one Host for every request (each supertest request has a port of its own).
    const host = "localhost:5173";
    const onSite = (agent: Agent) =>
      ({
        get: (url: string) => agent.get(url).set("Host", host),
        post: (url: string) => agent.post(url).set("Host", host),
        delete: (url: string) => agent.delete(url).set("Host", host),
      }) as unknown as Agent;
    const member = await insertMember(t.database.db);
    const agent = request.agent(t.app);
    await agent.post("/api/auth/login").set("Host", host).send({ username: member.username, password: PASSWORD });
    await agent.post("/api/auth/confirm").set("Host", host).send({ password: PASSWORD });
    const passkey = new SoftwarePasskey();
    const creation = await send("post /api/auth/passkeys/options", onSite(agent));
    const added = await send("post /api/auth/passkeys", onSite(agent), { body: { response: passkey.register(creation.body, { origin: `http://${host}` }) } });
    await send("get /api/auth/passkeys", onSite(agent));
    const visitor = request.agent(t.app);
    const signIn = await send("post /api/auth/passkey/options", onSite(visitor));
    await send("post /api/auth/passkey/login", onSite(visitor), { body: { response: passkey.authenticate(signIn.body, { origin: `http://${host}` }) } });
    const confirming = await send("post /api/auth/passkey/options", onSite(visitor));
    await send("post /api/auth/confirm", onSite(visitor), { wholeBody: { passkey: passkey.authenticate(confirming.body, { origin: `http://${host}` }) } });
    await send("delete /api/auth/passkeys/:id", onSite(visitor), { params: { id: added.body.id } });
  });

  it("email: verification, password reset, unsubscribe, the outbox", async () => {
    const email = `conformance.${process.pid}@mail.example`;
    const member = await insertMember(t.database.db, { email });
    await send("post /api/auth/verify-email", anyone(), { body: { token: await createVerificationToken(t.database.db, member.id, email) } });
    await send("post /api/auth/forgot-password", anyone());
    const reset = newMailedToken();
    await requestPasswordReset(t.database.db, t.mail.mailer, member.username, reset.tokenHash, (recipient) => ({ to: recipient.email, subject: "Reset", text: reset.token, html: reset.token }));
    await send("post /api/auth/reset-password", anyone(), { body: { token: reset.token } });
    await send("post /api/email/unsubscribe", anyone(), { query: { token: t.mail.unsubscribeTokens.make(member.id) } });

    const { agent } = await newMember({ email: `unverified.${process.pid}@mail.example` });
    await send("post /api/auth/verify-email/resend", agent);
    await jobsSettled(t.database.db, [TASKS.sendMail]);
    const outbox = await send("get /api/admin/mail", admin);
    await send("get /api/admin/mail/:id", admin, { params: { id: outbox.body.mails[0].id } });
  });

  it("the forum", async () => {
    const topic = (await send("post /api/topics", alice)).body.id as number;
    await send("get /api/topics", alice);
    await send("get /api/topics/:id", alice, { params: { id: topic } });
    await send("patch /api/topics/:id", alice, { params: { id: topic } });
    await send("get /api/topics/:id/revisions", bob, { params: { id: topic } });
    await send("put /api/topics/:id/reactions/:reaction", bob, { params: { id: topic } });
    await send("get /api/topics/:id/reactions", alice, { params: { id: topic } });
    await send("delete /api/topics/:id/reactions/:reaction", bob, { params: { id: topic } });
    const post = (await send("post /api/topics/:id/posts", alice, { params: { id: topic } })).body.id as number;
    await send("put /api/topics/:id/read", alice, { params: { id: topic } });
    await send("patch /api/posts/:id", alice, { params: { id: post } });
    await send("get /api/posts/:id/revisions", alice, { params: { id: post } });
    await send("put /api/posts/:id/reactions/:reaction", bob, { params: { id: post } });
    await send("get /api/posts/:id/reactions", alice, { params: { id: post } });
    await send("delete /api/posts/:id/reactions/:reaction", bob, { params: { id: post } });
    await send("put /api/bookmarks/posts/:postId", bob, { params: { postId: post } });
    await send("get /api/bookmarks", bob);
    await send("delete /api/bookmarks/posts/:postId", bob, { params: { postId: post } });
    await send("get /api/topics/:id/posts", bob, { params: { id: topic } });
    await send("get /api/categories", alice);
    await send("get /api/tags", alice);
    await send("get /api/search", alice);
    await send("get /api/search/counts", alice);
    await send("post /api/preview", alice);
    await send("put /api/drafts/:key", alice);
    await send("get /api/drafts/:key", alice);
    await send("delete /api/drafts/:key", alice);
    await send("get /api/notifications", alice);
    await send("post /api/notifications/read", alice);
    await send("put /api/topics/:id/notification-level", bob, { params: { id: topic } });
    await send("get /api/topic-notification-levels", bob);
    await send("delete /api/posts/:id", alice, { params: { id: post } });

    const category = (await send("post /api/admin/categories", admin)).body.id as number;
    await send("patch /api/admin/categories/:id", admin, { params: { id: category } });
    await send("delete /api/admin/categories/:id", admin, { params: { id: category } });
    // Removed at once: the word the document makes would be checked against every later write.
    const word = (await send("post /api/admin/watched-words", admin)).body.id as number;
    await send("get /api/admin/watched-words", admin);
    await send("delete /api/admin/watched-words/:id", admin, { params: { id: word } });
    const group = (await send("post /api/admin/groups", admin)).body.id as number;
    await send("get /api/admin/groups", admin);
    await send("patch /api/admin/groups/:id", admin, { params: { id: group } });
    await send("put /api/admin/groups/:id/members/:username", admin, { params: { id: group, username: names.bob } });
    await send("delete /api/admin/groups/:id/members/:username", admin, { params: { id: group, username: names.bob } });
    await send("delete /api/admin/groups/:id", admin, { params: { id: group } });
    await send("delete /api/topics/:id", admin, { params: { id: topic } });
  });

  it("private messages and blocks", async () => {
    const conversation = (await send("post /api/conversations", alice, { body: { usernames: [names.bob] } })).body.id as number;
    await send("get /api/conversations", bob);
    await send("get /api/conversations/:id", bob, { params: { id: conversation } });
    const message = (await send("post /api/conversations/:id/messages", bob, { params: { id: conversation } })).body.id as number;
    await send("get /api/conversations/:id/messages", alice, { params: { id: conversation } });
    await send("put /api/conversations/:id/read", alice, { params: { id: conversation }, body: { messageId: message } });
    await send("delete /api/conversations/:id/messages/:messageId", bob, { params: { id: conversation, messageId: message } });
    await send("post /api/conversations/:id/participants", alice, { params: { id: conversation }, body: { username: names.admin } });
    await send("delete /api/conversations/:id/participants/me", admin, { params: { id: conversation } });
    await send("put /api/blocks/:username", alice, { params: { username: names.admin } });
    await send("get /api/blocks", alice);
    await send("delete /api/blocks/:username", alice, { params: { username: names.admin } });
  });

  it("members, profile comments, invites", async () => {
    await send("get /api/users", alice);
    await send("get /api/users/:username", alice, { params: { username: names.bob } });
    await send("get /api/users/:username/bio-status", alice, { params: { username: names.bob } });
    await send("get /api/users/:username/activity", alice, { params: { username: names.alice } });
    await send("get /api/users/:id/badges", alice, { params: { id: ids.admin } });
    const comment = (await send("post /api/users/:id/comments", alice, { params: { id: ids.bob } })).body.id as number;
    await send("get /api/users/:id/comments", bob, { params: { id: ids.bob } });
    await send("delete /api/profile-comments/:id", bob, { params: { id: comment } });
    const invite = (await send("post /api/invites", admin)).body.id as number;
    await send("get /api/invites", admin);
    await send("delete /api/invites/:id", admin, { params: { id: invite } });
    await send("post /api/admin/users/:id/invite", admin, { params: { id: ids.alice } });
    await send("get /api/invites/assigned", alice);
  });

  it("bio cards, links, uploads", async () => {
    const upload = (await send("post /api/upload", alice)).body.url as string;
    await send("post /api/bio", alice);
    await send("patch /api/bio", alice);
    await send("get /api/bio/settings", alice);
    await send("get /api/bio/analytics", alice);
    await send("get /api/bio/:username", anyone(), { params: { username: names.alice } });
    const link = (await send("post /api/user/links", alice)).body.id as number;
    await send("patch /api/user/links/:id", alice, { params: { id: link } });
    await send("put /api/user/links/order", alice, { body: { ids: [link] } });
    await send("post /api/bio/:username/links/:id/click", anyone(), { params: { username: names.alice, id: link } });
    await send("delete /api/user/links/:id", alice, { params: { id: link } });
    await send("delete /api/upload/:filename", alice, { params: { filename: upload.split("/").at(-1)! } });
  });

  it("flags, review, moderation, administration", async () => {
    const topic = (await bob.post("/api/topics").send({ title: "Flag me" })).body.id as number;
    const post = (await bob.post(`/api/topics/${topic}/posts`).send({ content: "Something to flag" })).body.id as number;
    await send("post /api/flags", alice, { body: { targetId: post } });
    await send("get /api/review/count", admin);
    const review = await send("get /api/review", admin);
    await send("post /api/review/:id", admin, { params: { id: review.body.items[0].id } });
    await send("get /api/moderation-log", alice);

    const target = (await insertMember(t.database.db)).id;
    await send("get /api/admin/users", admin);
    await send("post /api/admin/users/:id/ban", admin, { params: { id: target } });
    await send("post /api/admin/users/:id/unban", admin, { params: { id: target } });
    await send("post /api/admin/users/:id/silence", admin, { params: { id: target } });
    await send("delete /api/admin/users/:id/silence", admin, { params: { id: target } });
    await send("put /api/admin/users/:id/role", admin, { params: { id: target } });
    await send("get /api/admin/users/:id/invites", admin, { params: { id: target } });
    await send("post /api/admin/users/:id/badges", admin, { params: { id: target } });
    await send("delete /api/admin/users/:id/badges/:badgeType", admin, { params: { id: target } });
    await send("post /api/admin/invite-wave", admin);
    await send("post /api/admin/purge-invites", admin);
    await send("post /api/admin/purge-active-invites", admin);
    await send("get /api/admin/actions", admin);
    await send("delete /api/admin/users/:id", admin, { params: { id: target } });
    await send("get /api/admin/users/:id/deletion", admin, { params: { id: target } });
  });

  it("push, health, the reference", async () => {
    await send("get /api/push/key", bob);
    await send("post /api/push/subscriptions", bob);
    await send("delete /api/push/subscriptions", bob);
    await send("get /api/health", anyone());
    await send("get /api/openapi.json", anyone());
    await send("get /api/docs", anyone());
  });

  it("reached every operation of the document", () => {
    expect([...operations.keys()].filter((name) => !reached.has(name))).toEqual([]);
  });
});

/**
 * The rules the document once left out (a client generated from it sent what the server refuses),
 * each broken once: the document rejects the request and the server answers 400 with the rule's words.
 */
describe("a request that breaks a rule is rejected by the document and refused by the server", () => {
  let cardOwner: Agent;
  let totpMember: Agent;
  let category: number;
  let topic: number;
  let post: number;
  beforeAll(async () => {
    cardOwner = (await newMember()).agent;
    await cardOwner.post("/api/bio");
    totpMember = (await newMember()).agent;
    await totpMember.post("/api/auth/2fa/setup");
    category = (await admin.post("/api/admin/categories").send({ name: uniqueName("Rules"), color: "#123456" })).body.id;
    topic = (await alice.post("/api/topics").send({ title: "Rules" })).body.id;
    post = (await alice.post(`/api/topics/${topic}/posts`).send({ content: "A post" })).body.id;
  });

  const RULE = "Password must contain at least one uppercase letter, one lowercase letter, and one number";
  const cases: [rule: string, name: string, caller: () => Caller, given: () => Given, message: string][] = [
    ["days is 7, 30 or 90", "get /api/bio/analytics", () => cardOwner, () => ({ query: { days: 14 } }), "days must be one of 7, 30, 90"],
    ["scopes is not empty", "post /api/tokens", () => alice, () => ({ body: { scopes: [] } }), 'Scopes must be ["read"] or ["read", "write"]'],
    ["scopes is no longer than read and write", "post /api/tokens", () => alice, () => ({ body: { scopes: ["read", "write", "write"] } }), 'Scopes must be ["read"] or ["read", "write"]'],
    ["a draft key is one of the four forms", "put /api/drafts/:key", () => alice, () => ({ params: { key: "topic-2147483648" } }), "Unknown draft key: use new-topic, topic-{id}, comment-{username} or conversation-{id}"],
    ["a two-factor code is 6 digits", "post /api/auth/2fa/enable", () => totpMember, () => ({ body: { code: "12345" } }), "Enter the 6-digit code from your app"],
    ["automatic badges are not granted", "post /api/admin/users/:id/badges", () => admin, () => ({ params: { id: ids.bob }, body: { badgeType: "veteran" } }), "Automatic badges cannot be granted or removed"],
    ["automatic badges are not removed", "delete /api/admin/users/:id/badges/:badgeType", () => admin, () => ({ params: { id: ids.bob, badgeType: "og_user" } }), "Automatic badges cannot be granted or removed"],
    ["borderOpacity moves in steps of 5", "patch /api/bio", () => cardOwner, () => ({ body: { borderOpacity: 7 } }), "Border opacity moves in steps of 5"],
    ["a link's URL is http(s) or mailto", "post /api/user/links", () => cardOwner, () => ({ body: { url: "javascript:alert(1)" } }), "Link URL must start with http://, https:// or mailto:"],
    ["a profile's website is an http(s) URL", "patch /api/auth/profile", () => alice, () => ({ body: { website: "example.com" } }), "Invalid website URL"],
    ["a push endpoint is https", "post /api/push/subscriptions", () => bob, () => ({ body: { endpoint: "http://push.invalid/x" } }), ENDPOINT_NOT_HTTPS],
    ["a category edit changes something", "patch /api/admin/categories/:id", () => admin, () => ({ params: { id: category }, wholeBody: {} }), "Nothing to update"],
    ["a topic edit changes something", "patch /api/topics/:id", () => admin, () => ({ params: { id: topic }, wholeBody: {} }), "Nothing to update"],
    ["an `other` flag says what is wrong", "post /api/flags", () => bob, () => ({ body: { targetId: post, reason: "other" } }), "Say what is wrong"],
    ["a password has a capital, a small letter and a digit", "patch /api/auth/change-password", () => alice, () => ({ body: { currentPassword: PASSWORD, newPassword: "alllowercase1" } }), RULE],
    ["a password is 8 characters once trimmed", "patch /api/auth/change-password", () => alice, () => ({ body: { currentPassword: PASSWORD, newPassword: "Abcde12 " } }), "Password must be at least 8 characters"],
    ["a title is not blank", "post /api/topics", () => alice, () => ({ body: { title: "   " } }), "Title required"],
    ["a topic has at most 5 tags", "post /api/topics", () => alice, () => ({ body: { tags: ["a", "b", "c", "d", "e", "f"] } }), "At most 5 tags"],
    ["a review cursor is an id within the database's integers", "get /api/review", () => admin, () => ({ query: { cursor: "2147483648" } }), "Unknown cursor"],
    ["a username is not a reserved one", "post /api/auth/register", anyone, () => ({ body: { username: "Admin", inviteCode: "ANY" } }), "This username is not available"],
    ["an email address is one", "patch /api/auth/profile", () => alice, () => ({ body: { email: "someone@localhost" } }), "Invalid email address"],
    ["a built-in icon has no icon URL", "post /api/user/links", () => cardOwner, () => ({ body: { iconType: "built-in", iconUrl: "/uploads/icon.png" } }), "Only custom icons have an icon URL"],
    ["links are ordered once each", "put /api/user/links/order", () => cardOwner, () => ({ body: { ids: [1, 1] } }), "Each link may appear only once"],
  ];

  it.each(cases)("%s (%s)", async (_rule, name, caller, given, message) => {
    const made = documentedRequest(operations, name, given());
    expect(made.problems, "the document rejects it").not.toEqual([]);
    let req = caller()[name.split(" ")[0] as Method](made.url);
    if (made.body !== undefined) req = req.send(made.body as object);
    const res = await req;
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
