import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, topics } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, memberCast, readUser, signedInAgent } from "../../test/fixtures";

describe("/api/topics", () => {
  let t: TestApp;
  let alice: Agent;
  let bob: Agent;
  let moderator: Agent;
  let aliceId: number;
  let bobId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, bob, moderator, aliceId, bobId } = await memberCast(t));
  });
  afterAll(() => t.close());

  const newTopic = async (agent: Agent = alice, title = "A topic") => (await agent.post("/api/topics").send({ title })).body as { id: number };

  it("is for signed-in members only", async () => {
    expect((await request(t.app).get("/api/topics")).status).toBe(401);
    expect((await request(t.app).post("/api/topics").send({ title: "x" })).status).toBe(401);
  });

  it("creates a topic with a trimmed title and optional description, without touching postsCount", async () => {
    const res = await alice.post("/api/topics").send({ title: "  Hello world  ", description: "First!" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: "Hello world", description: "First!", postsCount: 0, lastPostAt: null, isPinned: false, isLocked: false, createdBy: aliceId });
    expect(res.body.authorUsername).toBeTypeOf("string");
    expect((await readUser(t.database.db, aliceId)).postsCount).toBe(0);
  });

  it.each([
    [{ title: "   " }, "Title required"],
    [{ title: "x".repeat(256) }, "Title too long"],
    [{ title: "ok", isPinned: true }, undefined],
    [{ title: "ok", postsCount: 99 }, undefined],
    [{}, undefined],
  ])("refuses %j with 400", async (body, message) => {
    const res = await alice.post("/api/topics").send(body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
  });

  it("answers 404 'Topic not found' for a missing or impossible id", async () => {
    for (const id of ["999999", "abc", "0", "99999999999"]) {
      const res = await alice.get(`/api/topics/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe("Topic not found");
    }
  });

  it("lets only administrators pin, lock and delete a topic", async () => {
    const topic = await newTopic();
    expect((await alice.patch(`/api/topics/${topic.id}`).send({ isPinned: true })).status).toBe(403);
    expect((await bob.delete(`/api/topics/${topic.id}`)).status).toBe(403);
    const pinned = await moderator.patch(`/api/topics/${topic.id}`).send({ isPinned: true, isLocked: true });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ isPinned: true, isLocked: true });
    expect((await moderator.patch(`/api/topics/${topic.id}`).send({})).status).toBe(400);
    expect((await moderator.patch(`/api/topics/${topic.id}`).send({ postsCount: 5 })).status).toBe(400);
    expect((await moderator.patch("/api/topics/999999").send({ isLocked: false })).status).toBe(404);
  });

  it("lists pinned topics first, then by latest activity, and pages through every topic once", async () => {
    const fresh = await createTestApp();
    try {
      const author = await insertMember(fresh.database.db);
      const base = Date.parse("2026-01-01T00:00:00Z");
      const rows = await fresh.database.db
        .insert(topics)
        .values(
          Array.from({ length: 23 }, (_, i) => ({
            title: `topic ${i}`,
            createdBy: author.id,
            createdAt: new Date(base + i * 60_000),
            // Every third topic has a reply much later than its creation.
            lastPostAt: i % 3 === 0 ? new Date(base + (100 + i) * 60_000) : null,
            isPinned: i === 5 || i === 11,
          })),
        )
        .returning();
      const activity = (row: (typeof rows)[number]) => (row.lastPostAt ?? row.createdAt).getTime();
      const expected = [...rows]
        .sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || activity(b) - activity(a) || b.id - a.id)
        .map((row) => row.id);

      const agent = await signedInAgent(fresh.app, author.username);
      const seen: number[] = [];
      let after: number | undefined;
      for (;;) {
        const page = await agent.get("/api/topics").query({ limit: 5, ...(after ? { after } : {}) });
        expect(page.status).toBe(200);
        if (page.body.length === 0) break;
        seen.push(...page.body.map((topic: { id: number }) => topic.id));
        after = seen.at(-1);
      }
      expect(seen).toEqual(expected);
      expect((await agent.get("/api/topics").query({ limit: 101 })).status).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it("deletes a topic with every post in it and corrects each author's count", async () => {
    const topic = await newTopic(alice);
    const elsewhere = await newTopic(bob);
    for (const agent of [alice, bob, bob]) await agent.post(`/api/topics/${topic.id}/posts`).send({ content: "in the topic" });
    await bob.post(`/api/topics/${elsewhere.id}/posts`).send({ content: "elsewhere" });
    const before = { alice: (await readUser(t.database.db, aliceId)).postsCount, bob: (await readUser(t.database.db, bobId)).postsCount };

    const res = await moderator.delete(`/api/topics/${topic.id}`);
    expect(res.status).toBe(200);
    expect(res.body.deletedPosts).toBe(3);
    expect(await t.database.db.select().from(posts).where(eq(posts.topicId, topic.id))).toEqual([]);
    expect((await readUser(t.database.db, aliceId)).postsCount).toBe(before.alice - 1);
    expect((await readUser(t.database.db, bobId)).postsCount).toBe(before.bob - 2);
    expect((await alice.get(`/api/topics/${topic.id}`)).status).toBe(404);
    expect((await moderator.delete(`/api/topics/${topic.id}`)).status).toBe(404);
  });
});
