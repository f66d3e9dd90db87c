import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { type Agent, insertMember, signedInAgent } from "../test/fixtures";
import { containsNul } from "./refuse-nul";

const NUL_ANSWER = { message: "Text must not contain NUL characters" };

describe("NUL characters", () => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    agent = await signedInAgent(t.app, (await insertMember(t.database.db, { isAdmin: true })).username);
  });
  afterAll(() => t.close());

  it.each([
    ["a topic title", "post", "/api/topics", { title: "a\0b" }],
    ["a profile field", "patch", "/api/auth/profile", { bio: "x\0" }],
    ["a login name", "post", "/api/auth/login", { username: "a\0", password: "x" }],
    ["a nested value", "patch", "/api/bio", { visibleBadges: ["verified\0"] }],
    ["a key", "post", "/api/topics", { "ti\0tle": "x" }],
  ] as const)("in %s is a 400", async (_name, method, url, body) => {
    const res = await agent[method](url).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(NUL_ANSWER);
  });

  it.each(["/api/users/a%00b", "/api/users/a%00b/bio-status", "/api/admin/users?search=%00", "/api/users?page=1%00", "/someone%00", "/uploads/a%00.png"])(
    "in the path or query %s is a 400",
    async (url) => {
      const res = await agent.get(url);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(NUL_ANSWER);
    },
  );

  it("is found however deeply a body nests", () => {
    let deep: unknown = "\0";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(true);
    expect(containsNul({ a: [1, { b: "ok" }], c: null })).toBe(false);
  });

  it("leaves the server answering", async () => {
    expect((await request(t.app).get("/api/health")).status).toBe(200);
  });
});
