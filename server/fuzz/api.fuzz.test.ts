import fc from "fast-check";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { PNG_1X1 } from "../test/files";
import { type Agent, insertMember, signedInAgent } from "../test/fixtures";

/**
 * Throws generated input at every endpoint and checks the answers: a 2xx, or a 4xx with a JSON
 * `{ message }`; never a 500, never a stack trace or SQL text; and /api/health still answers.
 * `npm test` runs it with a fixed seed; `npm run fuzz` with a random one (FUZZ_SEED=random), or
 * FUZZ_SEED=<n> to replay a failure. FUZZ_SECONDS bounds the run (default 50).
 */
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_122);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 50);

type Method = "get" | "post" | "patch" | "put" | "delete";
/** Every API route; `:name` segments are filled by the generator. Logout and uploads have their own properties. */
const ENDPOINTS: Array<[Method, string]> = [
  ["post", "/api/auth/register"],
  ["post", "/api/auth/login"],
  ["get", "/api/auth/user"],
  ["patch", "/api/auth/profile"],
  ["patch", "/api/auth/change-password"],
  ["get", "/api/user/ban-info"],
  ["post", "/api/user/links"],
  ["patch", "/api/user/links/:id"],
  ["put", "/api/user/links/order"],
  ["delete", "/api/user/links/:id"],
  ["get", "/api/topics"],
  ["post", "/api/topics"],
  ["get", "/api/topics/:id"],
  ["patch", "/api/topics/:id"],
  ["delete", "/api/topics/:id"],
  ["put", "/api/topics/:id/read"],
  ["get", "/api/topics/:id/posts"],
  ["post", "/api/topics/:id/posts"],
  ["patch", "/api/posts/:id"],
  ["delete", "/api/posts/:id"],
  ["get", "/api/users"],
  ["get", "/api/users/:username"],
  ["get", "/api/users/:username/bio-status"],
  ["get", "/api/users/:id/activity"],
  ["get", "/api/users/:id/badges"],
  ["get", "/api/users/:id/comments"],
  ["post", "/api/users/:id/comments"],
  ["delete", "/api/profile-comments/:id"],
  ["get", "/api/invites/assigned"],
  ["get", "/api/invites"],
  ["post", "/api/invites"],
  ["delete", "/api/invites/:id"],
  ["post", "/api/bio"],
  ["get", "/api/bio/settings"],
  ["patch", "/api/bio"],
  ["get", "/api/bio/analytics"],
  ["get", "/api/bio/:username"],
  ["post", "/api/bio/:username/links/:id/click"],
  ["delete", "/api/upload/:filename"],
  ["get", "/api/admin/users"],
  ["post", "/api/admin/users/:id/ban"],
  ["post", "/api/admin/users/:id/unban"],
  ["delete", "/api/admin/users/:id"],
  ["get", "/api/admin/users/:id/deletion"],
  ["post", "/api/admin/users/:id/invite"],
  ["post", "/api/admin/users/:id/badges"],
  ["delete", "/api/admin/users/:id/badges/:badgeType"],
  ["post", "/api/admin/invite-wave"],
  ["post", "/api/admin/purge-invites"],
  ["post", "/api/admin/purge-active-invites"],
  ["get", "/api/admin/actions"],
  ["get", "/api/search"],
  ["get", "/api/notifications"],
  ["post", "/api/notifications/read"],
  ["get", "/api/nothing/here"],
];

/** Field names of the request schemas, so generated bodies reach the validators' inner rules. */
const FIELDS = [
  "username", "password", "inviteCode", "currentPassword", "newPassword", "title", "description", "content", "bio", "website",
  "twitter", "github", "discord", "telegram", "location", "email", "avatar", "reason", "expiresAt", "badgeType", "expiresInDays",
  "isPinned", "isLocked", "url", "iconUrl", "iconName", "iconType", "isVisible", "displayOrder", "ids", "displayName", "bioText",
  "themeColor", "primaryColor", "boxWidth", "boxRadius", "visibleBadges", "trackUrl", "trackAudio", "bioAvatar", "showAvatar",
  "enterAnimation", "isPublic", "page", "limit", "search", "after", "days", "kind", "userId", "isAdmin", "postsCount", "__proto__",
  "constructor",
];

const HUGE = "x".repeat(120_000);
const nasty = fc.constantFrom("", " ", "\0", "a\0b", "%00", "%", "%zz", "..", "../../etc/passwd", "<script>", "<".repeat(5_000), "😀".repeat(500),
  "\u202e", "\ud800", "9".repeat(40), "-1", "0", "1e309", "NaN", "null", "true", "[]", "{}", "#ffffff", "https://x.io/" + ")".repeat(3_000),
  "/uploads/" + "a".repeat(32) + ".png", "admin", "SELECT 1;--", HUGE.slice(0, 20_000));
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
const segment = fc.oneof(fc.nat().map(String), fc.integer().map(String), fc.constantFrom("1", "2", "3", "2147483648", "99999999999999999999"), text);
const queryPairs = fc.array(fc.tuple(fc.oneof(fc.constantFrom("page", "limit", "search", "after", "days", "fast", "expiresInDays"), text), text), { maxLength: 4 });

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

function expectSafeAnswer(res: request.Response, what: string) {
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(res.text, what).not.toMatch(/\n\s+at |node_modules|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b/);
  // 431: Node's HTTP parser refuses an over-long request line before the app sees it (no body to check).
  if (res.status >= 400 && res.status !== 431) {
    expect(res.type, what).toBe("application/json");
    expect(typeof res.body.message, what).toBe("string");
  }
}

describe(`fuzzing every endpoint (seed ${SEED})`, () => {
  let t: TestApp;
  let admin: Agent;
  let member: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await insertMember(t.database.db, { isAdmin: true });
    const other = await insertMember(t.database.db);
    admin = await signedInAgent(t.app, owner.username);
    member = await signedInAgent(t.app, other.username);
    // Something for the ids to find.
    const topic = await admin.post("/api/topics").send({ title: "fuzz" });
    await admin.post(`/api/topics/${topic.body.id}/posts`).send({ content: "first" });
    await admin.post(`/api/users/${other.id}/comments`).send({ content: "hello" });
    await member.post("/api/bio");
    await member.post("/api/user/links").send({ title: "a link", url: "https://example.com" });
  });
  afterAll(() => t.close());

  const timeoutFor = (share: number) => SECONDS * 1000 * share + 60_000;
  const budget = (share: number) => ({ seed: SEED, numRuns: 100_000, interruptAfterTimeLimit: SECONDS * 1000 * share, markInterruptAsFailure: false });

  it("answers every generated request with a 2xx or a JSON 4xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.array(segment, { minLength: 2, maxLength: 2 }),
        queryPairs,
        fc.option(body, { nil: undefined }),
        fc.boolean(),
        async ([method, template], segments, query, payload, asMember) => {
          let index = 0;
          const path = template.replace(/:[a-zA-Z]+/g, () => encode(segments[index++ % segments.length]!));
          const url = query.length ? `${path}?${query.map(([key, val]) => `${encode(key)}=${encode(val)}`).join("&")}` : path;
          let req = (asMember ? member : admin)[method](url);
          if (payload !== undefined) req = req.set("Content-Type", "application/json").send(asJson(payload));
          expectSafeAnswer(await req, `${method.toUpperCase()} ${url.slice(0, 200)} ${JSON.stringify(payload)?.slice(0, 200)}`);
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
          expectSafeAnswer(await req, `upload ${JSON.stringify(fields).slice(0, 200)} ${file?.[2]}`);
        },
      ),
      budget(0.2),
    );
  }, timeoutFor(0.2));

  it("answers logout with generated bodies, and keeps /api/health answering", async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(body, { nil: undefined }), async (payload) => {
        const req = request(t.app).post("/api/auth/logout");
        expectSafeAnswer(await (payload === undefined ? req : req.set("Content-Type", "application/json").send(asJson(payload))), `logout ${JSON.stringify(payload)?.slice(0, 200)}`);
      }),
      budget(0.05),
    );
    const health = await request(t.app).get("/api/health");
    expect(health.status).toBe(200);
  }, timeoutFor(0.05));
});
