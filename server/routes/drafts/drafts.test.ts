import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRAFT_CONTENT_MAX_LENGTH, DRAFTS_PER_MEMBER } from "@shared/constants";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, signedInAgent } from "../../test/fixtures";

/** docs/product.md "Forum": drafts on the server, one per composer key, the member's own. */
describe("drafts", () => {
  let t: TestApp;
  let writer: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    writer = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
  });
  afterAll(() => t.close());

  const newAgent = async () => {
    const user = await insertMember(t.database.db);
    return { user, agent: await signedInAgent(t.app, user.username) };
  };

  it("saves, reads, replaces and deletes a draft under each key form", async () => {
    for (const key of ["new-topic", "topic-7", "comment-Some_User-1", "conversation-2147483647"]) {
      const saved = await writer.put(`/api/drafts/${key}`).send({ content: `draft of ${key}` });
      expect(saved.status).toBe(204);
      const read = await writer.get(`/api/drafts/${key}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ content: `draft of ${key}`, updatedAt: expect.any(String) });
      expect(new Date(read.body.updatedAt).toISOString()).toBe(read.body.updatedAt);
      expect((await writer.put(`/api/drafts/${key}`).send({ content: "changed" })).status).toBe(204);
      expect((await writer.get(`/api/drafts/${key}`)).body.content).toBe("changed");
      expect((await writer.delete(`/api/drafts/${key}`)).status).toBe(204);
      expect((await writer.get(`/api/drafts/${key}`)).status).toBe(204);
    }
  });

  it("keeps the text exactly as typed, an empty one included", async () => {
    const content = "  **bold**\n\n> quoted  \n";
    await writer.put("/api/drafts/topic-11").send({ content });
    expect((await writer.get("/api/drafts/topic-11")).body.content).toBe(content);
    await writer.put("/api/drafts/topic-11").send({ content: "" });
    expect((await writer.get("/api/drafts/topic-11")).body.content).toBe("");
  });

  it("keeps the new topic's title, category and tags beside its description, and gives them back", async () => {
    const topic = { title: "Half a title", categoryId: 1, tags: ["help", "ideas"] };
    expect((await writer.put("/api/drafts/new-topic").send({ content: "What I meant", topic })).status).toBe(204);
    const read = await writer.get("/api/drafts/new-topic");
    expect(read.body).toEqual({ content: "What I meant", topic, updatedAt: expect.any(String) });
    // A title alone is a draft too (the description may be empty); no category chosen is null.
    const titleOnly = { title: "Only a title", categoryId: null, tags: [] };
    await writer.put("/api/drafts/new-topic").send({ content: "", topic: titleOnly });
    expect((await writer.get("/api/drafts/new-topic")).body).toMatchObject({ content: "", topic: titleOnly });
    // Saved without them, they go.
    await writer.put("/api/drafts/new-topic").send({ content: "text only" });
    expect((await writer.get("/api/drafts/new-topic")).body).toEqual({ content: "text only", updatedAt: expect.any(String) });
  });

  it("refuses the topic's fields under another key, or when they are not a topic's", async () => {
    const topic = { title: "t", categoryId: null, tags: [] };
    const elsewhere = await writer.put("/api/drafts/topic-31").send({ content: "x", topic });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe("Only the new-topic draft keeps a title, category and tags");
    for (const bad of [{ ...topic, title: "x".repeat(256) }, { ...topic, tags: ["a", "b", "c", "d", "e", "f"] }, { ...topic, tags: ["not a tag"] },
      { ...topic, categoryId: 0 }, { title: "t", tags: [] }, { ...topic, extra: 1 }]) {
      expect((await writer.put("/api/drafts/new-topic").send({ content: "x", topic: bad })).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("answers 204 with no body for a key without a draft (no error: a composer asks each time it opens), and deleting one that is not there is still 204", async () => {
    const none = await writer.get("/api/drafts/topic-999");
    expect(none.status).toBe(204);
    expect(none.text).toBe("");
    expect((await writer.delete("/api/drafts/topic-999")).status).toBe(204);
  });

  it("refuses any other key with 400", async () => {
    const badKeys = ["new-topics", "topic", "topic-", "topic-0", "topic-01", "topic-x", "topic-2147483648", "topic-1-2", "comment-ab",
      "comment-a_name_far_too_long_x", "comment-bad%20name", "conversation--1", "post-1", "NEW-TOPIC", "Topic-1"];
    for (const key of badKeys) {
      expect((await writer.put(`/api/drafts/${key}`).send({ content: "x" })).status, key).toBe(400);
      expect((await writer.get(`/api/drafts/${key}`)).status, key).toBe(400);
      expect((await writer.delete(`/api/drafts/${key}`)).status, key).toBe(400);
    }
  });

  it("takes up to 10,000 characters and refuses more or a body that is not { content }", async () => {
    expect((await writer.put("/api/drafts/topic-12").send({ content: "x".repeat(DRAFT_CONTENT_MAX_LENGTH) })).status).toBe(204);
    expect((await writer.get("/api/drafts/topic-12")).body.content).toHaveLength(DRAFT_CONTENT_MAX_LENGTH);
    const tooLong = await writer.put("/api/drafts/topic-12").send({ content: "x".repeat(DRAFT_CONTENT_MAX_LENGTH + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe("Draft too long: at most 10000 characters");
    for (const body of [{}, { content: 5 }, { content: null }, { content: "x", extra: 1 }]) {
      expect((await writer.put("/api/drafts/topic-12").send(body)).status).toBe(400);
    }
    expect((await writer.get("/api/drafts/topic-12")).body.content).toHaveLength(DRAFT_CONTENT_MAX_LENGTH);
  });

  it("keeps at most 50 drafts per member: saving one more drops the least recently saved", async () => {
    const { user, agent } = await newAgent();
    for (let id = 1; id <= DRAFTS_PER_MEMBER; id++) await agent.put(`/api/drafts/topic-${id}`).send({ content: `d${id}` });
    // Saved again, the first is now the newest: the second is the oldest.
    await agent.put("/api/drafts/topic-1").send({ content: "d1 again" });
    await agent.put("/api/drafts/new-topic").send({ content: "the 51st" });
    expect((await agent.get("/api/drafts/topic-2")).status).toBe(204);
    for (const key of ["topic-1", "topic-3", `topic-${DRAFTS_PER_MEMBER}`, "new-topic"]) expect((await agent.get(`/api/drafts/${key}`)).status, key).toBe(200);
    const { rows } = await t.database.pool.query("SELECT count(*)::int AS count FROM drafts WHERE user_id = $1", [user.id]);
    expect(rows[0].count).toBe(DRAFTS_PER_MEMBER);
  });

  it("holds the cap when saves of one member arrive at once", async () => {
    const { user, agent } = await newAgent();
    await Promise.all(Array.from({ length: DRAFTS_PER_MEMBER + 10 }, (_, i) => agent.put(`/api/drafts/topic-${i + 1}`).send({ content: "x" })));
    const { rows } = await t.database.pool.query("SELECT count(*)::int AS count FROM drafts WHERE user_id = $1", [user.id]);
    expect(rows[0].count).toBe(DRAFTS_PER_MEMBER);
  });

  it("are the member's own: another member neither reads, replaces nor deletes them", async () => {
    await writer.put("/api/drafts/topic-21").send({ content: "mine" });
    const { agent: other } = await newAgent();
    expect((await other.get("/api/drafts/topic-21")).status).toBe(204);
    await other.put("/api/drafts/topic-21").send({ content: "theirs" });
    await other.delete("/api/drafts/topic-21");
    expect((await writer.get("/api/drafts/topic-21")).body.content).toBe("mine");
  });

  it("are refused signed out (401) and to a banned member (403)", async () => {
    const anonymous = supertest(t.app);
    expect((await anonymous.get("/api/drafts/new-topic")).status).toBe(401);
    expect((await anonymous.put("/api/drafts/new-topic").send({ content: "x" })).status).toBe(401);
    expect((await anonymous.delete("/api/drafts/new-topic")).status).toBe(401);
    const bannedMember = await insertMember(t.database.db, { isBanned: true, banReason: "Spam" });
    const banned = await signedInAgent(t.app, bannedMember.username);
    expect((await banned.put("/api/drafts/new-topic").send({ content: "x" })).status).toBe(403);
    expect((await banned.get("/api/drafts/new-topic")).status).toBe(403);
    expect((await banned.delete("/api/drafts/new-topic")).status).toBe(403);
  });

  it("are limited per member (RATE_LIMIT_DRAFTS_PER_MINUTE)", async () => {
    const limited = await createTestApp({ RATE_LIMIT_DRAFTS_PER_MINUTE: "2" });
    try {
      const agent = await signedInAgent(limited.app, (await insertMember(limited.database.db)).username);
      expect((await agent.put("/api/drafts/new-topic").send({ content: "a" })).status).toBe(204);
      expect((await agent.delete("/api/drafts/new-topic")).status).toBe(204);
      expect((await agent.put("/api/drafts/new-topic").send({ content: "b" })).status).toBe(429);
      // Reading is not a write.
      expect((await agent.get("/api/drafts/new-topic")).status).toBe(204);
    } finally {
      await limited.close();
    }
  });

  describe("a successful post deletes its draft", () => {
    it("a new topic deletes new-topic", async () => {
      const { agent } = await newAgent();
      await agent.put("/api/drafts/new-topic").send({ content: "about to post" });
      expect((await agent.post("/api/topics").send({ title: "" })).status).toBe(400);
      expect((await agent.get("/api/drafts/new-topic")).status).toBe(200);
      expect((await agent.post("/api/topics").send({ title: "Posted", description: "about to post" })).status).toBe(201);
      expect((await agent.get("/api/drafts/new-topic")).status).toBe(204);
    });

    it("a reply deletes topic-{id} of that topic only, and only the replier's", async () => {
      const { agent } = await newAgent();
      const { agent: other } = await newAgent();
      const topic = (await agent.post("/api/topics").send({ title: "Replies" })).body.id as number;
      const elsewhere = (await agent.post("/api/topics").send({ title: "Elsewhere" })).body.id as number;
      for (const who of [agent, other]) await who.put(`/api/drafts/topic-${topic}`).send({ content: "reply" });
      await agent.put(`/api/drafts/topic-${elsewhere}`).send({ content: "other reply" });
      expect((await agent.post(`/api/topics/${topic}/posts`).send({ content: " " })).status).toBe(400);
      expect((await agent.get(`/api/drafts/topic-${topic}`)).status).toBe(200);
      expect((await agent.post(`/api/topics/${topic}/posts`).send({ content: "reply" })).status).toBe(201);
      expect((await agent.get(`/api/drafts/topic-${topic}`)).status).toBe(204);
      expect((await agent.get(`/api/drafts/topic-${elsewhere}`)).status).toBe(200);
      expect((await other.get(`/api/drafts/topic-${topic}`)).status).toBe(200);
    });

    it("a reply refused (locked topic) keeps the draft", async () => {
      const { agent } = await newAgent();
      const topic = (await agent.post("/api/topics").send({ title: "Locked" })).body.id as number;
      await t.database.pool.query("UPDATE topics SET is_locked = true WHERE id = $1", [topic]);
      await agent.put(`/api/drafts/topic-${topic}`).send({ content: "reply" });
      expect((await agent.post(`/api/topics/${topic}/posts`).send({ content: "reply" })).status).toBe(403);
      expect((await agent.get(`/api/drafts/topic-${topic}`)).status).toBe(200);
    });

    it("a profile comment deletes comment-{username}", async () => {
      const { agent } = await newAgent();
      const profile = await insertMember(t.database.db);
      await agent.put(`/api/drafts/comment-${profile.username}`).send({ content: "nice profile" });
      expect((await agent.post(`/api/users/${profile.id}/comments`).send({ content: "nice profile" })).status).toBe(201);
      expect((await agent.get(`/api/drafts/comment-${profile.username}`)).status).toBe(204);
    });
  });
});
