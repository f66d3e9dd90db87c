import fc from "fast-check";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REACTIONS } from "@shared/reactions";
import { createTestApp, type TestApp } from "../test/app";
import { PNG_1X1 } from "../test/files";
import { confirmPassword } from "../test/confirmation";
import { type Agent, insertMember, signedInAgent } from "../test/fixtures";
import { expectDocumentedAnswer } from "../test/openapi";
import { listRoutes, routeName, type Route } from "../test/routes";

/**
 * Throws generated input at every endpoint and checks the answers: a 2xx, or a 4xx with a JSON
 * `{ message }`; never a 500, never a stack trace or SQL text; and /api/health still answers.
 * `npm test` runs it with a fixed seed and a fixed number of runs (FUZZ_RUNS), so every run does the
 * same work; FUZZ_SEED=<n> replays a failure. `npm run fuzz` (FUZZ_SEED=random) explores with a
 * random seed for as long as FUZZ_SECONDS allows (default 50) instead.
 */
const RANDOM = process.env.FUZZ_SEED === "random";
const SEED = RANDOM ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_122);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 50);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);

/** Routes with properties of their own below (logout, uploads); every other route is fuzzed. */
const OWN_PROPERTIES = ["post /api/auth/logout", "post /api/upload"];
/** Pages answer HTML (or the card's share image) and take nothing but their path: server/routes/bio/card-page.test.ts, share-image.test.ts and server/spa.test.ts. */
const PAGES = ["get /:username", "get /:username/og.png", "get /{*path}"];

/** A path no route has. */
const NO_ROUTE: Route = { method: "get", path: "/api/nothing/here" };
/** Every API route, read from the app's router (`:name` segments are filled by the generator), and a path none has. */
const endpoints = (app: TestApp["app"]): Route[] => [...listRoutes(app).filter((route) => ![...OWN_PROPERTIES, ...PAGES].includes(routeName(route))), NO_ROUTE];

/** Field names of the request schemas, so generated bodies reach the validators' inner rules. */
const FIELDS = [
  "username", "password", "inviteCode", "currentPassword", "newPassword", "title", "description", "content", "bio", "website",
  "twitter", "github", "discord", "telegram", "location", "email", "avatar", "reason", "expiresAt", "badgeType", "expiresInDays",
  "isPinned", "isLocked", "url", "iconUrl", "iconName", "iconType", "isVisible", "displayOrder", "ids", "displayName", "bioText",
  "themeColor", "primaryColor", "boxWidth", "boxRadius", "visibleBadges", "trackUrl", "trackAudio", "bioAvatar", "showAvatar",
  "enterAnimation", "isPublic", "page", "limit", "search", "after", "days", "kind", "userId", "isAdmin", "postsCount", "code", "recoveryCode", "__proto__",
  "constructor", "name", "color", "position", "moveTo", "categoryId", "tags", "scopes", "visibleFrom", "visibleUntil", "usernames", "messageId",
  "login", "token", "emailNotifications",
  "level", "endpoint", "keys", "p256dh", "auth",
  "role", "revokeInvites",
  "targetType", "targetId", "note", "action",
  "remindAt",
  "response", "passkey", "id", "rawId", "type", "clientDataJSON", "attestationObject", "authenticatorData", "signature", "userHandle", "clientExtensionResults",
];

const HUGE = "x".repeat(120_000);
const nasty = fc.constantFrom("", " ", "\0", "a\0b", "%00", "%", "%zz", "..", "../../etc/passwd", "<script>", "<".repeat(5_000), "😀".repeat(500),
  "\u202e", "\ud800", "9".repeat(40), "-1", "0", "1e309", "NaN", "null", "true", "[]", "{}", "#ffffff", "https://x.io/" + ")".repeat(3_000),
  "/uploads/" + "a".repeat(32) + ".png", "admin", "SELECT 1;--", HUGE.slice(0, 20_000),
  "2030-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59-14:00", "2030-01-01T00:00:00.123456789+05:30");
const text = fc.oneof(fc.string(), fc.string({ unit: "grapheme", maxLength: 50 }), fc.string({ unit: "binary", maxLength: 50 }), nasty);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String), fc.constant(2 ** 53));
const deep = fc.integer({ min: 1, max: 3_000 }).map((depth) => {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
});
const value = fc.oneof({ weight: 5, arbitrary: scalar }, fc.array(scalar, { maxLength: 5 }), fc.dictionary(text, scalar, { maxKeys: 3 }), deep);
const body = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, text), value, { maxKeys: 6 }) },
  value,
  fc.constantFrom("{not json", '{"a":', "[1,2", "\u0000"),
  fc.constant({ content: HUGE }),
);
// Draft keys (/api/drafts/:key) and reaction names too, so those routes are reached past their key checks.
const segment = fc.oneof(fc.nat().map(String), fc.integer().map(String), fc.constantFrom("1", "2", "3", "2147483648", "99999999999999999999", ...REACTIONS),
  fc.constantFrom("new-topic", "topic-1", "comment-someone", "conversation-2147483647"), text);
/** Query values: any text, or one the list's filters know, so the valid paths are reached too. */
const queryValue = fc.oneof({ weight: 3, arbitrary: text }, fc.constantFrom("latest", "new", "unread", "top", "day", "week", "month", "year", "all", "general", "a", "pending", "resolved", "posts", "topics", "comments", "1-1-1"));
const queryPairs = fc.array(fc.tuple(fc.oneof(fc.constantFrom("page", "limit", "search", "after", "days", "fast", "expiresInDays", "category", "tag", "filter", "period", "q", "cursor", "before", "token", "status", "type"), text), queryValue), { maxLength: 4 });

const encode = (raw: string) => {
  // Deliberately malformed escapes are sent as they are; everything else is encoded.
  if (/^%([^0-9a-f]|$)|^%zz$/i.test(raw)) return raw;
  try {
    return encodeURIComponent(raw);
  } catch {
    return "%ED%A0%80"; // a lone surrogate has no UTF-8 form
  }
};

/** The raw JSON text to send: broken JSON stays as generated, anything else is serialised. */
const asJson = (payload: unknown) => (typeof payload === "string" && /^[{[\0]/.test(payload) ? payload : JSON.stringify(payload));

/** `route`'s answer: safe, and (for an API route) one its reference documents, body and all (server/test/openapi.ts). */
function expectSafeAnswer(res: request.Response, what: string, route?: Route) {
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(res.text, what).not.toMatch(/\n\s+at |node_modules|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b/);
  // 431: Node's HTTP parser refuses an over-long request line before the app sees it (no body to check).
  if (res.status >= 400 && res.status !== 431) {
    expect(res.type, what).toBe("application/json");
    expect(typeof res.body.message, what).toBe("string");
  }
  if (route && route !== NO_ROUTE && route.path.startsWith("/api/")) expectDocumentedAnswer(routeName(route), res, what);
}

describe(`fuzzing every endpoint (seed ${SEED})`, () => {
  let t: TestApp;
  let admin: Agent;
  let member: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await insertMember(t.database.db, { isAdmin: true });
    const other = await insertMember(t.database.db);
    // Confirmed, so the sensitive changes are reached past their confirmation guard (for the 10 minutes the fuzzing takes at most).
    admin = await confirmPassword(await signedInAgent(t.app, owner.username));
    member = await confirmPassword(await signedInAgent(t.app, other.username));
    // Something for the ids to find.
    const topic = await admin.post("/api/topics").send({ title: "fuzz" });
    await admin.post(`/api/topics/${topic.body.id}/posts`).send({ content: "first" });
    await admin.post(`/api/users/${other.id}/comments`).send({ content: "hello" });
    await member.post("/api/bio");
    await member.post("/api/user/links").send({ title: "a link", url: "https://example.com" });
    await member.post("/api/conversations").send({ usernames: [owner.username], content: "a message" });
  });
  afterAll(() => t.close());

  // Each property gets a share of the runs (or of the seconds, when exploring).
  const timeoutFor = (share: number) => (RANDOM ? SECONDS * 1000 * share + 60_000 : 300_000);
  const budget = (share: number) =>
    RANDOM
      ? { seed: SEED, numRuns: 100_000, interruptAfterTimeLimit: SECONDS * 1000 * share, markInterruptAsFailure: false }
      : { seed: SEED, numRuns: Math.round(RUNS * share) };

  it("leaves out only routes that exist (the rest of the router is fuzzed)", () => {
    const names = listRoutes(t.app).map(routeName);
    expect([...OWN_PROPERTIES, ...PAGES].filter((name) => !names.includes(name))).toEqual([]);
  });

  it("answers every generated request with a 2xx or a JSON 4xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints(t.app)),
        fc.array(segment, { minLength: 2, maxLength: 2 }),
        queryPairs,
        fc.option(body, { nil: undefined }),
        fc.boolean(),
        async (route, segments, query, payload, asMember) => {
          const { method, path: template } = route;
          let index = 0;
          const filled: string[] = [];
          const path = template.replace(/:[a-zA-Z]+/g, () => filled[filled.push(encode(segments[index++ % segments.length]!)) - 1]!);
          const url = query.length ? `${path}?${query.map(([key, val]) => `${encode(key)}=${encode(val)}`).join("&")}` : path;
          let req = (asMember ? member : admin)[method](url);
          if (payload !== undefined) req = req.set("Content-Type", "application/json").send(asJson(payload));
          // An empty or dot segment makes the path another route's ("/api/conversations/" is the list): its answer is that route's.
          const answeredBy = filled.some((segment) => segment === "" || /^\.+$/.test(segment)) ? undefined : route;
          expectSafeAnswer(await req, `${method.toUpperCase()} ${url.slice(0, 200)} ${JSON.stringify(payload)?.slice(0, 200)}`, answeredBy);
        },
      ),
      budget(0.7),
    );
  }, timeoutFor(0.7));

  it("answers generated multipart uploads with a 2xx or a JSON 4xx", async () => {
    const files = fc.oneof(fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)), fc.constant(PNG_1X1), fc.constant(Buffer.alloc(0)));
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.oneof(fc.constantFrom("kind", "file", "extra"), text), text, { maxKeys: 3 }),
        fc.option(fc.tuple(fc.constantFrom("file", "other", "kind"), files, fc.oneof(text, fc.constantFrom("a.png", "x.svg", "../../a.png"))), { nil: undefined }),
        async (fields, file) => {
          let req = admin.post("/api/upload");
          for (const [key, val] of Object.entries(fields)) req = req.field(key.replace(/[\r\n"]/g, "") || "k", val);
          if (file) req = req.attach(file[0], file[1], file[2].replace(/[\r\n"/\\]/g, "") || "f");
          expectSafeAnswer(await req, `upload ${JSON.stringify(fields).slice(0, 200)} ${file?.[2]}`, { method: "post", path: "/api/upload" });
        },
      ),
      budget(0.2),
    );
  }, timeoutFor(0.2));

  it("answers generated Authorization headers with a 2xx or a JSON 4xx; a bearer call that is no token is a 401", async () => {
    // Header values must be printable; the token shape (enc_ and 43 base64url characters) is generated too.
    const printable = fc.stringMatching(/^[\x20-\x7e]{0,80}$/);
    const tokenLike = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((rest) => `enc_${rest}`);
    const authorization = fc.oneof(printable, printable.map((rest) => `Bearer ${rest}`), tokenLike.map((token) => `Bearer ${token}`), tokenLike.map((token) => `bEaReR   ${token}`));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints(t.app)), authorization, fc.option(body, { nil: undefined }), async (route, header, payload) => {
        const { method, path: template } = route;
        const url = template.replace(/:[a-zA-Z]+/g, "1");
        let req = request(t.app)[method](url).set("Authorization", header);
        if (payload !== undefined) req = req.set("Content-Type", "application/json").send(asJson(payload));
        const res = await req;
        expectSafeAnswer(res, `${method.toUpperCase()} ${url} Authorization: ${header}`, route);
        // Without a body: with one, a body that is not JSON the API takes (null, a bare number) is a 400 first.
        if (payload === undefined && /^bearer(\s|$)/i.test(header) && url.startsWith("/api/") && url !== "/api/health") expect(res.status, `${url} ${header}`).toBe(401);
      }),
      budget(0.05),
    );
  }, timeoutFor(0.05));

  it("answers logout with generated bodies, and keeps /api/health answering", async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(body, { nil: undefined }), async (payload) => {
        const req = request(t.app).post("/api/auth/logout");
        const res = await (payload === undefined ? req : req.set("Content-Type", "application/json").send(asJson(payload)));
        expectSafeAnswer(res, `logout ${JSON.stringify(payload)?.slice(0, 200)}`, { method: "post", path: "/api/auth/logout" });
      }),
      budget(0.05),
    );
    const health = await request(t.app).get("/api/health");
    expect(health.status).toBe(200);
    expectDocumentedAnswer("get /api/health", health);
  }, timeoutFor(0.05));
});
