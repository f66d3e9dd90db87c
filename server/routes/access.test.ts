import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { confirmedAgent } from "../test/confirmation";
import { insertMember, signedInAgent, type Agent } from "../test/fixtures";
import { expectDocumentedAnswer } from "../test/openapi";
import { fillPath, listRoutes, routeName, type Method } from "../test/routes";
import { TOKEN_READ_ONLY, TOKEN_REFUSED } from "../policies/access-tokens";
import { admin, moderator, staff } from "../middlewares/guards";
import { API_RESOURCES } from "../openapi/api-routes";

const t: TestApp = await createTestApp();
afterAll(() => t.close());

/** Routes that do not need a signed-in, not banned member; every other route must. */
const OPEN_ROUTES = [
  "get /api/health",
  "post /api/auth/register",
  "post /api/auth/login",
  // The second step of a sign-in: held by the pending session, not by a signed-in member.
  "post /api/auth/login/2fa",
  // Signing in with a passkey: its challenge, and the answer to it.
  "post /api/auth/passkey/options",
  "post /api/auth/passkey/login",
  "post /api/auth/logout",
  // Mailed links, followed in a browser that may not be signed in: the token is the proof
  // (server/routes/email/email.test.ts); the one-click unsubscribe is posted by a mail client.
  "post /api/auth/verify-email",
  "post /api/auth/forgot-password",
  "post /api/auth/reset-password",
  "post /api/email/unsubscribe",
  // A banned member reads who they are and why they are banned.
  "get /api/auth/user",
  "get /api/user/ban-info",
  // The public bio card and its link clicks.
  "get /api/bio/:username",
  "post /api/bio/:username/links/:id/click",
  // The API reference (server/openapi/).
  "get /api/openapi.json",
  "get /api/docs",
  // Pages: the public card (a banned member gets the app's banned screen there: card-page.test.ts),
  // and the app's page for every other path (spa.test.ts).
  "get /:username",
  // The public card's share image (share-image.test.ts: 404 for a card nobody may see).
  "get /:username/og.png",
  "get /{*path}",
  // Prometheus text: loopback or METRICS_TOKEN, otherwise 404 (server/routes/metrics/metrics.test.ts).
  "get /metrics",
  // The web app manifest: the site's name and icons, the same for everyone (manifest.test.ts).
  "get /manifest.webmanifest",
];

/** What a request to a route carries, where it takes a body or a query. */
const REQUESTS: Record<string, { body?: object; query?: string }> = {
  "post /api/topics": { body: { title: "t" } },
  "post /api/topics/:id/posts": { body: { content: "x" } },
  "patch /api/posts/:id": { body: { content: "x" } },
  "post /api/users/:id/comments": { body: { content: "x" } },
  "patch /api/auth/profile": { body: { bio: "x" } },
  "post /api/auth/verify-email": { body: { token: "x" } },
  "post /api/auth/forgot-password": { body: { login: "someone" } },
  "post /api/auth/reset-password": { body: { token: "x", password: "Another123" } },
  "post /api/email/unsubscribe": { query: "token=1.x" },
  "patch /api/auth/change-password": { body: { currentPassword: "x", newPassword: "Another123" } },
  "patch /api/bio": { body: { displayName: "x" } },
  "post /api/user/links": { body: { title: "x", url: "https://example.com" } },
  "patch /api/user/links/:id": { body: { title: "x" } },
  "put /api/user/links/order": { body: { ids: [1] } },
  "put /api/topics/:id/read": { body: { postId: 1 } },
  "put /api/drafts/:key": { body: { content: "x" } },
  "get /api/search": { query: "q=hello" },
  "get /api/search/counts": { query: "q=hello" },
  "post /api/preview": { body: { content: "x" } },
  "post /api/notifications/read": { body: {} },
  "post /api/admin/users/:id/ban": { body: { reason: "x" } },
  "post /api/admin/users/:id/silence": { body: { days: 1, reason: "x" } },
  "put /api/admin/users/:id/role": { body: { role: "member" } },
  "post /api/admin/users/:id/badges": { body: { badgeType: "verified" } },
  "get /api/topics": { query: "filter=top&period=week&category=general&tag=news" },
  "patch /api/topics/:id": { body: { title: "x", tags: ["a"] } },
  "get /api/tags": { query: "q=a" },
  "post /api/admin/categories": { body: { name: "x", color: "#000000" } },
  "patch /api/admin/categories/:id": { body: { name: "x" } },
  "delete /api/admin/categories/:id": { body: { moveTo: 1 } },
  "post /api/admin/watched-words": { body: { word: "x", action: "flag" } },
  "post /api/auth/2fa/enable": { body: { code: "123456" } },
  "post /api/auth/2fa/disable": { body: { password: "x", code: "123456" } },
  "delete /api/auth/account": { body: { password: "x" } },
  "post /api/tokens": { body: { name: "x", scopes: ["read"] } },
  "post /api/conversations": { body: { usernames: ["someone"], content: "x" } },
  "post /api/conversations/:id/messages": { body: { content: "x" } },
  "put /api/conversations/:id/read": { body: { messageId: 1 } },
  "post /api/conversations/:id/participants": { body: { username: "someone" } },
  "put /api/topics/:id/notification-level": { body: { level: "watching" } },
  // A private address: refused before anything is stored or sent (push.test.ts has the accepted kind).
  "post /api/push/subscriptions": { body: { endpoint: "https://10.0.0.1/push", keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) } } },
  "delete /api/push/subscriptions": { body: { endpoint: "https://10.0.0.1/push" } },
  "post /api/flags": { body: { targetType: "post", targetId: 1, reason: "spam" } },
  "get /api/review": { query: "status=resolved" },
  "post /api/review/:id": { body: { action: "keep" } },
};

const PATH_VALUES = { id: "1", postId: "1", username: "someone", filename: `${"a".repeat(32)}.png`, badgeType: "verified", key: "new-topic", reaction: "like", messageId: "1" };

/** Every endpoint that needs a signed-in, not banned member, read from the app's router, with a body where it takes one. */
const MEMBER_ENDPOINTS = listRoutes(t.app)
  .filter((route) => !OPEN_ROUTES.includes(routeName(route)))
  .map((route): [Method, string, object | undefined, string] => {
    const { body, query } = REQUESTS[routeName(route)] ?? {};
    return [route.method, fillPath(route, PATH_VALUES) + (query ? `?${query}` : ""), body, routeName(route)];
  });

it("names only routes the app has in its lists", () => {
  const names = listRoutes(t.app).map(routeName);
  expect(OPEN_ROUTES.filter((name) => !names.includes(name))).toEqual([]);
  expect(Object.keys(REQUESTS).filter((name) => !names.includes(name))).toEqual([]);
});

describe("access to member endpoints", () => {
  let banned: Agent;
  beforeAll(async () => {
    const member = await insertMember(t.database.db, { isBanned: true, banReason: "Spam" });
    banned = await signedInAgent(t.app, member.username);
  });

  it.each(MEMBER_ENDPOINTS)("%s %s answers 401 when signed out", async (method, path, body, name) => {
    const res = await request(t.app)[method](path).send(body);
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTypeOf("string");
    expectDocumentedAnswer(name, res);
  });

  it.each(MEMBER_ENDPOINTS)("%s %s answers 403 Account banned to a banned member", async (method, path, body, name) => {
    const res = await banned[method](path).send(body);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: "Account banned", banReason: "Spam" });
    expectDocumentedAnswer(name, res);
  });
});

/**
 * Writes a silenced member may not make (docs/product.md "Moderation by the community": post, comment, react, message,
 * flag, edit), spelled out from the contract: each answers 403 `Your account is silenced until …`.
 * Every other member route still answers them as it answers any member.
 */
const SILENCED_WRITES = [
  "post /api/topics",
  "patch /api/topics/:id",
  "post /api/topics/:id/posts",
  "patch /api/posts/:id",
  "post /api/users/:id/comments",
  "put /api/posts/:id/reactions/:reaction",
  "delete /api/posts/:id/reactions/:reaction",
  "put /api/topics/:id/reactions/:reaction",
  "delete /api/topics/:id/reactions/:reaction",
  "post /api/conversations",
  "post /api/conversations/:id/messages",
  "post /api/conversations/:id/participants",
];
/** Flags are w-mod-flags' routes: silenced members may not flag either, where the route exists. */
const FLAG_WRITES = ["post /api/flags"];

/** The admin area's routes moderators share (docs/product.md "Moderation by the community"); the rest of it is administrators' only. */
const STAFF_ROUTES = [
  "get /api/admin/users",
  "post /api/admin/users/:id/ban",
  "post /api/admin/users/:id/unban",
  "post /api/admin/users/:id/silence",
  "delete /api/admin/users/:id/silence",
];
const ADMIN_ONLY_ELSEWHERE = ["post /api/invites", "get /api/invites", "delete /api/invites/:id", "post /api/admin/categories", "patch /api/admin/categories/:id", "delete /api/admin/categories/:id"];

describe("access for moderators and silenced members", () => {
  const MEMBER_ROUTES = listRoutes(t.app)
    .filter((route) => !OPEN_ROUTES.includes(routeName(route)))
    .map((route): [string, Method, string, object?] => {
      const { body, query } = REQUESTS[routeName(route)] ?? {};
      return [routeName(route), route.method, fillPath(route, PATH_VALUES) + (query ? `?${query}` : ""), body];
    });
  let moderator: Agent;
  let silenced: Agent;
  let target: number;
  beforeAll(async () => {
    target = (await insertMember(t.database.db)).id;
    moderator = await signedInAgent(t.app, (await insertMember(t.database.db, { isModerator: true })).username);
    const member = await insertMember(t.database.db, { silencedUntil: new Date(Date.now() + 86_400_000), silenceReason: "x" });
    silenced = await signedInAgent(t.app, member.username);
  });

  it("names only routes the app has", () => {
    const names = listRoutes(t.app).map(routeName);
    expect([...SILENCED_WRITES, ...STAFF_ROUTES, ...ADMIN_ONLY_ELSEWHERE].filter((name) => !names.includes(name))).toEqual([]);
  });

  it.each(MEMBER_ROUTES.filter(([name]) => name.includes(" /api/admin/") || ADMIN_ONLY_ELSEWHERE.includes(name)))(
    "%s: a moderator reaches it only if staff share it",
    async (name, method, path, body) => {
      const res = await moderator[method](path.replace("/users/1", `/users/${target}`)).send(body);
      if (STAFF_ROUTES.includes(name)) expect(res.body.message).not.toBe("Administrator access required");
      else {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe("Administrator access required");
      }
    },
  );

  it.each(MEMBER_ROUTES)("%s: a silenced member is refused only the writes of the contract", async (name, method, path, body) => {
    const res = await silenced[method](path).send(body);
    if (SILENCED_WRITES.includes(name) || FLAG_WRITES.includes(name)) {
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/^Your account is silenced until \d{4}-\d\d-\d\dT/);
    } else {
      expect(res.status).toBeLessThan(500);
      expect(res.body.message ?? "").not.toMatch(/silenced/);
    }
  });
});

/**
 * Routes only staff or administrators may call, by their guard (server/middlewares/guards.ts): each
 * refuses every access token, an administrator's too.
 */
const STAFF_GUARDS: unknown[] = [staff, moderator, admin];
const STAFF_AND_ADMIN_ROUTES = listRoutes(t.app)
  .filter((route) => route.handlers!.some((handler) => STAFF_GUARDS.includes(handler)))
  .map(routeName);

/**
 * Routes that refuse an access token (docs/product.md "Accounts and sessions"), spelled out from the contract
 * rather than read from the policy; and sign-in, registration and sign-out, which are a cookie session's.
 * Staff and admin routes refuse them too, in their guards (STAFF_AND_ADMIN_ROUTES).
 */
const REFUSES_TOKENS = (name: string) =>
  /^\w+ \/api\/(tokens|auth\/2fa|auth\/passkeys?|auth\/sessions)(\/|$)/.test(name) ||
  [
    "patch /api/auth/change-password",
    "post /api/auth/confirm",
    "get /api/auth/export",
    "delete /api/auth/account",
    "post /api/auth/login",
    "post /api/auth/login/2fa",
    "post /api/auth/logout",
    "post /api/auth/register",
  ].includes(name);

/** Every API route but health (mounted ahead of authentication), with what it carries. */
const API_ENDPOINTS = listRoutes(t.app)
  .filter((route) => route.path.startsWith("/api/") && routeName(route) !== "get /api/health")
  .map((route): [Method, string, object | undefined, string] => {
    const { body, query } = REQUESTS[routeName(route)] ?? {};
    return [route.method, fillPath(route, PATH_VALUES) + (query ? `?${query}` : ""), body, routeName(route)];
  });

describe("access with a personal access token", () => {
  const tokens = { read: "", write: "" };
  beforeAll(async () => {
    const member = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, member.username);
    tokens.read = (await agent.post("/api/tokens").send({ name: "read", scopes: ["read"] })).body.token;
    tokens.write = (await agent.post("/api/tokens").send({ name: "write", scopes: ["read", "write"] })).body.token;
  });

  it.each(API_ENDPOINTS)("%s %s works with a write token or refuses it as the contract says", async (method, path, body, name) => {
    const res = await request(t.app)[method](path).set("Authorization", `Bearer ${tokens.write}`).send(body);
    if (REFUSES_TOKENS(name) || STAFF_AND_ADMIN_ROUTES.includes(name)) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(TOKEN_REFUSED);
    } else {
      expect(res.status).not.toBe(401);
      expect(res.status).toBeLessThan(500);
      expect(res.body.message).not.toBe(TOKEN_REFUSED);
    }
    expectDocumentedAnswer(name, res);
  });

  it.each(API_ENDPOINTS.filter(([method]) => method !== "get"))("%s %s refuses a read token (403)", async (method, path, body, name) => {
    const res = await request(t.app)[method](path).set("Authorization", `Bearer ${tokens.read}`).send(body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REFUSES_TOKENS(name) ? TOKEN_REFUSED : TOKEN_READ_ONLY);
    expectDocumentedAnswer(name, res);
  });
});

describe("staff and admin routes with an access token", () => {
  /** Every route the contract gives staff or administrators only: each must carry a staff or admin guard. */
  const CONTRACT_STAFF_ROUTES = listRoutes(t.app)
    .map(routeName)
    .filter((name) => /^\w+ \/api\/(admin\/|review(\/|$))/.test(name) || [...ADMIN_ONLY_ELSEWHERE, "delete /api/topics/:id"].includes(name));
  const STAFF_ENDPOINTS = API_ENDPOINTS.filter(([, , , name]) => STAFF_AND_ADMIN_ROUTES.includes(name));
  const tokens = { read: "", write: "" };
  beforeAll(async () => {
    const administrator = await confirmedAgent(t.app, (await insertMember(t.database.db, { isAdmin: true })).username);
    tokens.read = (await administrator.post("/api/tokens").send({ name: "read", scopes: ["read"] })).body.token;
    tokens.write = (await administrator.post("/api/tokens").send({ name: "write", scopes: ["read", "write"] })).body.token;
  });

  it("every route the contract gives staff or administrators has their guard, and the reference says so", () => {
    expect(CONTRACT_STAFF_ROUTES.length).toBeGreaterThan(20);
    expect(CONTRACT_STAFF_ROUTES.filter((name) => !STAFF_AND_ADMIN_ROUTES.includes(name))).toEqual([]);
    const documented = API_RESOURCES.flatMap(({ routes }) => routes).filter((route) => route.access === "staff" || route.access === "admin");
    expect(documented.map((route) => `${route.method} ${route.path}`).sort()).toEqual([...STAFF_AND_ADMIN_ROUTES].sort());
  });

  it.each(STAFF_ENDPOINTS)("%s %s refuses an administrator's write token (403)", async (method, path, body, name) => {
    const res = await request(t.app)[method](path).set("Authorization", `Bearer ${tokens.write}`).send(body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(TOKEN_REFUSED);
    expectDocumentedAnswer(name, res);
  });

  it.each(STAFF_ENDPOINTS.filter(([method]) => method === "get"))("%s %s refuses an administrator's read token (403)", async (method, path, body, name) => {
    const res = await request(t.app)[method](path).set("Authorization", `Bearer ${tokens.read}`).send(body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(TOKEN_REFUSED);
    expectDocumentedAnswer(name, res);
  });
});
