import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_MEMBER_LIMIT_MESSAGE } from "@shared/moderation";
import { createTestApp, type TestApp } from "../../test/app";
import { insertMember, signedInAgent } from "../../test/fixtures";

const HOUR = 3_600_000;

/**
 * docs/product.md "Moderation by the community" (New members): for the first NEW_MEMBER_HOURS after
 * joining, at most 3 topics and 20 posts (429 with Retry-After), staff never limited. The first post
 * in one's own topic is a post like any other and counts among the 20.
 */
describe("NEW_MEMBER_HOURS=24", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NEW_MEMBER_HOURS: "24" });
  });
  afterAll(() => t.close());

  it("a new member creates 3 topics, and the 4th is a 429 with Retry-After until their first day ends", async () => {
    const row = await insertMember(t.database.db, { createdAt: new Date(Date.now() - 2 * HOUR) });
    const agent = await signedInAgent(t.app, row.username);
    for (let i = 0; i < 3; i++) expect((await agent.post("/api/topics").send({ title: `t${i}` })).status).toBe(201);
    const res = await agent.post("/api/topics").send({ title: "fourth" });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(NEW_MEMBER_LIMIT_MESSAGE);
    expect(res.body.message).toBe("New members may create 3 topics and 20 posts in their first day");
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(22 * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(22 * 3600);
  });

  it("20 posts, the first in their own topic included; the 21st is a 429", async () => {
    const row = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, row.username);
    const own = await agent.post("/api/topics").send({ title: "own" });
    expect((await agent.post(`/api/topics/${own.body.id}/posts`).send({ content: "first post of my topic" })).status).toBe(201);
    for (let i = 1; i < 20; i++) expect((await agent.post(`/api/topics/${own.body.id}/posts`).send({ content: `p${i}` })).status).toBe(201);
    const res = await agent.post(`/api/topics/${own.body.id}/posts`).send({ content: "21st" });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(NEW_MEMBER_LIMIT_MESSAGE);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    // Topics are counted apart from posts: 2 more topics are still allowed.
    expect((await agent.post("/api/topics").send({ title: "second" })).status).toBe(201);
  });

  it("holds under concurrent requests: 8 topics asked for at once give exactly 3", async () => {
    const row = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, row.username);
    const topics = await Promise.all(Array.from({ length: 8 }, (_, i) => agent.post("/api/topics").send({ title: `at once ${i}` })));
    expect(topics.map((res) => res.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
  });

  it("holds under concurrent requests: with 17 posts made, 8 more asked for at once give exactly 3", async () => {
    const row = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, row.username);
    const topicId = (await agent.post("/api/topics").send({ title: "posted at once" })).body.id;
    for (let i = 0; i < 17; i++) expect((await agent.post(`/api/topics/${topicId}/posts`).send({ content: `one by one ${i}` })).status).toBe(201);
    const posts = await Promise.all(Array.from({ length: 8 }, (_, i) => agent.post(`/api/topics/${topicId}/posts`).send({ content: `at once ${i}` })));
    expect(posts.map((res) => res.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
  });

  it("counts from the database, so another server process's writes count too", async () => {
    const row = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, row.username);
    const other = await createTestApp({ NEW_MEMBER_HOURS: "24" }, { database: t.database });
    try {
      const elsewhere = await signedInAgent(other.app, row.username);
      for (let i = 0; i < 3; i++) expect((await elsewhere.post("/api/topics").send({ title: `t${i}` })).status).toBe(201);
      expect((await agent.post("/api/topics").send({ title: "here" })).status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it("after the first NEW_MEMBER_HOURS there is no limit", async () => {
    const row = await insertMember(t.database.db, { createdAt: new Date(Date.now() - 25 * HOUR) });
    const agent = await signedInAgent(t.app, row.username);
    for (let i = 0; i < 4; i++) expect((await agent.post("/api/topics").send({ title: `t${i}` })).status).toBe(201);
  });

  it("staff are never limited", async () => {
    for (const role of [{ isModerator: true }, { isAdmin: true }]) {
      const row = await insertMember(t.database.db, role);
      const agent = await signedInAgent(t.app, row.username);
      for (let i = 0; i < 4; i++) expect((await agent.post("/api/topics").send({ title: `t${i}` })).status).toBe(201);
    }
  });
});

describe("NEW_MEMBER_HOURS=0", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NEW_MEMBER_HOURS: "0" });
  });
  afterAll(() => t.close());

  it("turns the limit off: a minute-old member creates a 4th topic and a 21st post", async () => {
    const row = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, row.username);
    let topicId = 0;
    for (let i = 0; i < 4; i++) {
      const res = await agent.post("/api/topics").send({ title: `t${i}` });
      expect(res.status).toBe(201);
      topicId = res.body.id;
    }
    for (let i = 0; i < 21; i++) expect((await agent.post(`/api/topics/${topicId}/posts`).send({ content: `p${i}` })).status).toBe(201);
  });
});
