import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENERAL_CATEGORY_ID } from "@shared/constants";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, memberCast, signedInAgent } from "../../test/fixtures";

describe("topics' categories, tags and editing", () => {
  let t: TestApp;
  let alice: Agent;
  let bob: Agent;
  let admin: Agent;
  let bannedAuthor: Agent;
  let bannedAuthorTopic: number;
  let other: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, bob, moderator: admin } = await memberCast(t));
    other = (await admin.post("/api/admin/categories").send({ name: "Other", color: "#123456" })).body.id;
    const b = await insertMember(t.database.db);
    bannedAuthor = await signedInAgent(t.app, b.username);
    bannedAuthorTopic = (await bannedAuthor.post("/api/topics").send({ title: "Before the ban" })).body.id;
    await t.database.db.execute(sql`UPDATE users SET is_banned = true, ban_reason = 'x' WHERE id = ${b.id}`);
  });
  afterAll(() => t.close());

  const newTopic = async (body: object = {}, agent: Agent = alice) => {
    const res = await agent.post("/api/topics").send({ title: "A topic", ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; categoryId: number; tags: string[]; canEdit: boolean; canModerate: boolean };
  };

  describe("creating", () => {
    it("puts a topic in General unless told, with no tags", async () => {
      const topic = await newTopic();
      expect(topic).toMatchObject({ categoryId: GENERAL_CATEGORY_ID, tags: [], canEdit: true, canModerate: false });
      expect((await alice.get(`/api/topics/${topic.id}`)).body).toMatchObject({ categoryId: GENERAL_CATEGORY_ID, tags: [] });
    });

    it("takes a category and tags, lowercased, trimmed, repeats removed, in the order given", async () => {
      const topic = await newTopic({ categoryId: other, tags: [" Rust ", "web-dev", "RUST", "a", "9lives", "web-dev"] });
      expect(topic).toMatchObject({ categoryId: other, tags: ["rust", "web-dev", "a", "9lives"] });
    });

    it("takes five tags, and six when repeats bring them to five", async () => {
      expect((await newTopic({ tags: ["a1", "a2", "a3", "a4", "a5"] })).tags).toHaveLength(5);
      expect((await newTopic({ tags: ["b1", "b2", "b3", "b4", "b5", "B5"] })).tags).toEqual(["b1", "b2", "b3", "b4", "b5"]);
      expect((await newTopic({ tags: ["x".repeat(30)] })).tags).toEqual(["x".repeat(30)]);
    });

    it.each([
      [{ categoryId: 999999 }, "Category not found"],
      [{ categoryId: 0 }, undefined],
      [{ categoryId: "1" }, undefined],
      [{ categoryId: null }, undefined],
      [{ tags: ["a", "b", "c", "d", "e", "f"] }, "At most 5 tags"],
      [{ tags: ["-a"] }, undefined],
      [{ tags: ["a_b"] }, undefined],
      [{ tags: ["a b"] }, undefined],
      [{ tags: [""] }, undefined],
      [{ tags: ["é"] }, undefined],
      [{ tags: ["x".repeat(31)] }, undefined],
      [{ tags: "a" }, undefined],
      [{ tags: [1] }, undefined],
    ])("refuses %j with 400", async (body, message) => {
      const res = await alice.post("/api/topics").send({ title: "Refused", ...body });
      expect(res.status).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    });
  });

  describe("GET /api/tags", () => {
    beforeAll(async () => {
      for (const tags of [["zeta-one", "zeta-two"], ["zeta-one"], ["zeta-one", "zeta-three"], ["zeta-two"]]) await newTopic({ tags });
    });
    const suggest = async (q?: string) => {
      const res = await alice.get("/api/tags").query(q === undefined ? {} : { q });
      expect(res.status).toBe(200);
      return res.body.tags as { name: string; topicsCount: number }[];
    };

    it("answers the tags starting with q, most used first, then by name", async () => {
      expect(await suggest("zeta")).toEqual([
        { name: "zeta-one", topicsCount: 3 },
        { name: "zeta-two", topicsCount: 2 },
        { name: "zeta-three", topicsCount: 1 },
      ]);
      expect(await suggest("ZETA-T")).toEqual([{ name: "zeta-two", topicsCount: 2 }, { name: "zeta-three", topicsCount: 1 }]);
    });

    it("answers nothing for a q no tag could start with, with no error", async () => {
      for (const q of ["%", "_", "zeta%", "-", "a b", "é", "x".repeat(31), "nothing-like-it"]) expect(await suggest(q), q).toEqual([]);
    });

    it("answers at most 50, most used first, without q; tags no topic carries any more are left out", async () => {
      for (let i = 0; i < 11; i++) await newTopic({ tags: [`many-${i}-a`, `many-${i}-b`, `many-${i}-c`, `many-${i}-d`, `many-${i}-e`] });
      const all = await suggest();
      expect(all).toHaveLength(50);
      expect(all[0]).toEqual({ name: "zeta-one", topicsCount: 3 });
      const counts = all.map((tag) => tag.topicsCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const topic = await newTopic({ tags: ["fleeting"] });
      expect(await suggest("fleeting")).toEqual([{ name: "fleeting", topicsCount: 1 }]);
      await alice.patch(`/api/topics/${topic.id}`).send({ tags: [] });
      expect(await suggest("fleeting")).toEqual([]);
    });

    it("is for signed-in members only", async () => {
      expect((await request(t.app).get("/api/tags")).status).toBe(401);
      expect((await bannedAuthor.get("/api/tags")).status).toBe(403);
    });
  });

  describe("PATCH /api/topics/{id}", () => {
    const patch = (agent: Agent, id: number, body: object) => agent.patch(`/api/topics/${id}`).send(body);

    it("lets the author change the title, description, category and tags", async () => {
      const topic = await newTopic({ description: "old", tags: ["old-tag"] });
      const res = await patch(alice, topic.id, { title: " New title ", description: " New text ", categoryId: other, tags: ["New-Tag", "two"] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: topic.id, title: "New title", description: "New text", categoryId: other, tags: ["new-tag", "two"], canEdit: true });
      expect((await alice.get(`/api/topics/${topic.id}`)).body).toMatchObject({ title: "New title", categoryId: other, tags: ["new-tag", "two"] });
      expect((await patch(alice, topic.id, { description: "" })).body.description).toBeNull();
      expect((await patch(alice, topic.id, { description: null, tags: [] })).body).toMatchObject({ description: null, tags: [] });
    });

    it("refuses the author's changes once the topic is locked (403 Topic is locked), nothing changed", async () => {
      const topic = await newTopic();
      expect((await patch(admin, topic.id, { isLocked: true })).status).toBe(200);
      for (const body of [{ title: "Sneaky" }, { categoryId: other }, { tags: ["x"] }, { description: "d" }]) {
        const res = await patch(alice, topic.id, body);
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(res.body.message).toBe("Topic is locked");
      }
      const shown = (await alice.get(`/api/topics/${topic.id}`)).body;
      expect(shown).toMatchObject({ title: "A topic", categoryId: GENERAL_CATEGORY_ID, tags: [], canEdit: false });
    });

    it("lets staff change any topic, locked or not, and pin and lock it", async () => {
      const topic = await newTopic();
      await patch(admin, topic.id, { isLocked: true });
      const res = await patch(admin, topic.id, { title: "By staff", categoryId: other, tags: ["staff"], isPinned: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: "By staff", categoryId: other, tags: ["staff"], isPinned: true, isLocked: true, canEdit: true, canModerate: true });
    });

    it("refuses another member (403), whatever they change", async () => {
      const topic = await newTopic();
      for (const body of [{ title: "Mine now" }, { tags: ["x"] }, { categoryId: other }, { isPinned: true }]) {
        expect((await patch(bob, topic.id, body)).status, JSON.stringify(body)).toBe(403);
      }
      expect((await patch(bob, topic.id, { title: "x" })).body.message).toBe("You can only edit your own topics");
      expect((await bob.get(`/api/topics/${topic.id}`)).body).toMatchObject({ title: "A topic", canEdit: false, canModerate: false });
    });

    it("keeps pinning and locking staff-only, even for the author (403), even with other changes", async () => {
      const topic = await newTopic();
      for (const body of [{ isPinned: true }, { isLocked: true }, { title: "ok", isPinned: true }]) {
        const res = await patch(alice, topic.id, body);
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(res.body.message).toBe("Only staff can pin or lock topics");
      }
      expect((await alice.get(`/api/topics/${topic.id}`)).body).toMatchObject({ title: "A topic", isPinned: false, isLocked: false });
    });

    it("refuses a banned author (403) and the signed-out (401)", async () => {
      const banned = await patch(bannedAuthor, bannedAuthorTopic, { title: "Still mine" });
      expect(banned.status).toBe(403);
      expect(banned.body.message).toBe("Account banned");
      expect((await request(t.app).patch(`/api/topics/${bannedAuthorTopic}`).send({ title: "x" })).status).toBe(401);
    });

    it.each([
      [{}, "Nothing to update"],
      [{ title: "" }, "Title required"],
      [{ title: "x".repeat(256) }, "Title too long"],
      [{ categoryId: 999999 }, "Category not found"],
      [{ tags: ["a", "b", "c", "d", "e", "f"] }, "At most 5 tags"],
      [{ tags: ["no spaces"] }, undefined],
      [{ createdBy: 1 }, undefined],
      [{ postsCount: 1 }, undefined],
    ])("refuses %j with 400", async (body, message) => {
      const topic = await newTopic();
      const res = await patch(alice, topic.id, body);
      expect(res.status).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    });

    it("answers 404 for a topic that does not exist", async () => {
      expect((await patch(alice, 999999, { title: "x" })).status).toBe(404);
      expect((await patch(admin, 999999, { isPinned: true })).status).toBe(404);
    });

    it("tells each viewer what they may do: canEdit for the author and staff, canModerate for staff", async () => {
      const topic = await newTopic();
      const seen = async (agent: Agent) => (await agent.get(`/api/topics/${topic.id}`)).body as { canEdit: boolean; canModerate: boolean };
      expect(await seen(alice)).toMatchObject({ canEdit: true, canModerate: false });
      expect(await seen(bob)).toMatchObject({ canEdit: false, canModerate: false });
      expect(await seen(admin)).toMatchObject({ canEdit: true, canModerate: true });
      const listed = (await bob.get("/api/topics")).body.find((item: { id: number }) => item.id === topic.id);
      expect(listed).toMatchObject({ categoryId: GENERAL_CATEGORY_ID, tags: [], canEdit: false });
    });
  });
});
