import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { PNG_1X1 } from "../test/files";
import { insertCardOwner, insertMember, signedInAgent, type Agent } from "../test/fixtures";
import { confirmedAgent } from "../test/confirmation";

/**
 * Answers that depend on who asks are `private` (no shared cache keeps one member's answer for
 * another, or a signed-in answer for a visitor): `no-store` for the account's own, `no-cache`
 * elsewhere, so ETags still give 304s. Public things keep their own caching.
 */
const t: TestApp = await createTestApp();
afterAll(() => t.close());

const PRIVATE = "private, no-cache";
const NEVER_STORED = "private, no-store";

let alice: Agent;
let moderator: Agent;
let bobName = "";
let topicId = 0;
beforeAll(async () => {
  alice = await confirmedAgent(t.app, (await insertMember(t.database.db)).username);
  moderator = await signedInAgent(t.app, (await insertMember(t.database.db, { isModerator: true })).username);
  bobName = (await insertMember(t.database.db)).username;
  topicId = (await alice.post("/api/topics").send({ title: "Cached or not" })).body.id;
});

const cacheControl = (res: request.Response) => res.headers["cache-control"];

describe("answers about the member asking", () => {
  it("/api/auth/*: never stored, signed in or out", async () => {
    const me = await alice.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(cacheControl(me)).toBe(NEVER_STORED);
    const nobody = await request(t.app).get("/api/auth/user");
    expect(nobody.status).toBe(401);
    expect(cacheControl(nobody)).toBe(NEVER_STORED);
    expect(cacheControl(await request(t.app).post("/api/auth/login").send({ username: bobName, password: "wrong-one" }))).toBe(NEVER_STORED);
  });

  it("tokens, sessions and the export: never stored", async () => {
    for (const path of ["/api/tokens", "/api/auth/sessions", "/api/auth/export"]) {
      const res = await alice.get(path).buffer(true);
      expect(res.status, path).toBe(200);
      expect(cacheControl(res), path).toBe(NEVER_STORED);
    }
  });

  it("notifications and conversations: private", async () => {
    for (const path of ["/api/notifications", "/api/conversations"]) {
      const res = await alice.get(path);
      expect(res.status, path).toBe(200);
      expect(cacheControl(res), path).toBe(PRIVATE);
    }
  });

  it("the review queue: private, for staff and for the member it refuses", async () => {
    const queue = await moderator.get("/api/review");
    expect(queue.status).toBe(200);
    expect(cacheControl(queue)).toBe(PRIVATE);
    const refused = await alice.get("/api/review");
    expect(refused.status).toBe(403);
    expect(cacheControl(refused)).toBe(PRIVATE);
  });

  it("drafts: private", async () => {
    expect((await alice.put("/api/drafts/new-topic").send({ content: "Half a thought" })).status).toBe(204);
    const draft = await alice.get("/api/drafts/new-topic");
    expect(draft.status).toBe(200);
    expect(cacheControl(draft)).toBe(PRIVATE);
  });

  it("a profile as a member sees it: private, as is the signed-out refusal", async () => {
    const profile = await alice.get(`/api/users/${bobName}`);
    expect(profile.status).toBe(200);
    expect(cacheControl(profile)).toBe(PRIVATE);
    const signedOut = await request(t.app).get(`/api/users/${bobName}`);
    expect(signedOut.status).toBe(401);
    expect(cacheControl(signedOut)).toBe(PRIVATE);
  });

  it.each([
    ["the topic list", () => "/api/topics"],
    ["a topic's page", () => `/api/topics/${topicId}/posts`],
  ])("%s: private, and a matching ETag still gets 304 (private too)", async (_name, pathOf) => {
    const path = pathOf();
    const first = await alice.get(path);
    expect(first.status).toBe(200);
    expect(cacheControl(first)).toBe(PRIVATE);
    const again = await alice.get(path).set("If-None-Match", first.headers.etag!);
    expect(again.status).toBe(304);
    expect(cacheControl(again)).toBe(PRIVATE);
    const signedOut = await request(t.app).get(path);
    expect(signedOut.status).toBe(401);
    expect(cacheControl(signedOut)).toBe(PRIVATE);
  });
});

describe("public things keep their caching", () => {
  let owner: { user: { username: string }; agent: Agent };
  beforeAll(async () => {
    owner = await insertCardOwner(t);
  });

  it("the public card's data is the same for everyone: no private, signed in or out", async () => {
    for (const agent of [request(t.app), alice]) {
      const res = await agent.get(`/api/bio/${owner.user.username}`);
      expect(res.status).toBe(200);
      expect(cacheControl(res)).toBeUndefined();
    }
  });

  it("the card page, its share image and uploads", async () => {
    const page = await request(t.app).get(`/${owner.user.username}`);
    expect(page.status).toBe(200);
    expect(cacheControl(page)).toBe("no-cache");
    const image = await request(t.app).get(`/${owner.user.username}/og.png`);
    expect(image.status).toBe(200);
    expect(cacheControl(image)).toBe("public, no-cache");
    const uploaded = await owner.agent.post("/api/upload").field("kind", "avatar").attach("file", PNG_1X1, "a.png");
    expect(uploaded.status).toBe(201);
    expect(cacheControl(uploaded)).toBe(PRIVATE);
    const file = await request(t.app).get(uploaded.body.url);
    expect(file.status).toBe(200);
    expect(cacheControl(file)).toBe("public, max-age=604800");
  });
});
