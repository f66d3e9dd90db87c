import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, topics } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, memberCast, signedInAgent } from "../../test/fixtures";

type Listed = { id: number; isNew: boolean; unreadCount: number; isPinned: boolean };

describe("GET /api/topics: filters, periods, category and tag", () => {
  let t: TestApp;
  let alice: Agent;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, moderator: admin } = await memberCast(t));
  });
  afterAll(() => t.close());

  const newCategory = async (name: string) => (await admin.post("/api/admin/categories").send({ name, color: "#000000" })).body as { id: number; slug: string };
  const newTopic = async (agent: Agent, body: object) => {
    const res = await agent.post("/api/topics").send({ title: "Listed", ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  /** `count` replies, written `daysAgo` days back. */
  const reply = async (topicId: number, count: number, daysAgo = 0) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push((await alice.post(`/api/topics/${topicId}/posts`).send({ content: "reply" })).body.id);
    if (daysAgo > 0) {
      await t.database.db.update(posts).set({ createdAt: sql`now() - make_interval(days => ${daysAgo})` }).where(inArray(posts.id, ids));
      // As if written then: the topic's lastPostAt is its newest post's time.
      await t.database.db
        .update(topics)
        .set({ lastPostAt: sql`(SELECT max(${posts.createdAt}) FROM ${posts} WHERE ${posts.topicId} = ${topicId})` })
        .where(eq(topics.id, topicId));
    }
    return ids;
  };
  const list = async (agent: Agent, query: Record<string, string | number>) => {
    const res = await agent.get("/api/topics").query(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Listed[];
  };
  const ids = async (agent: Agent, query: Record<string, string | number>) => (await list(agent, query)).map((topic) => topic.id);
  /** Every page of `size`, each continuing after the last one's last topic, until an empty page. */
  const paged = async (agent: Agent, query: Record<string, string | number>, size = 2) => {
    const all: number[] = [];
    for (let page = 0; page < 20; page++) {
      const got = await ids(agent, { ...query, limit: size, ...(all.length ? { after: all.at(-1)! } : {}) });
      if (got.length === 0) return all;
      expect(got.length).toBeLessThanOrEqual(size);
      all.push(...got);
    }
    throw new Error("more than 20 pages");
  };

  describe("top", () => {
    let slug: string;
    const made: Record<"a" | "b" | "c" | "d" | "e", number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };
    beforeAll(async () => {
      ({ slug } = await newCategory("Top"));
      const categoryId = (await admin.get("/api/categories")).body.categories.find((c: { slug: string }) => c.slug === slug).id;
      for (const key of ["a", "b", "c", "d", "e"] as const) made[key] = await newTopic(alice, { categoryId, title: `Top ${key}` });
      await reply(made.a, 3);
      await reply(made.b, 1);
      await reply(made.b, 5, 10);
      await reply(made.c, 2, 40);
      await reply(made.d, 4, 400);
      await reply(made.e, 1);
      // Pinned topics are not first in Top.
      await admin.patch(`/api/topics/${made.e}`).send({ isPinned: true });
    });
    const order = (...keys: (keyof typeof made)[]) => keys.map((key) => made[key]);

    it.each([
      // Ties (same count in the period): the newer topic first.
      ["day", ["a", "e", "b", "d", "c"]],
      ["week", ["a", "e", "b", "d", "c"]],
      ["month", ["b", "a", "e", "d", "c"]],
      ["year", ["b", "a", "c", "e", "d"]],
      ["all", ["b", "d", "a", "c", "e"]],
    ] as const)("orders by the posts created in the last %s, and pages through it with after", async (period, expected) => {
      expect(await ids(alice, { filter: "top", period, category: slug })).toEqual(order(...expected));
      expect(await paged(alice, { filter: "top", period, category: slug })).toEqual(order(...expected));
    });

    it("counts the last month by default", async () => {
      expect(await ids(alice, { filter: "top", category: slug })).toEqual(order("b", "a", "e", "d", "c"));
    });

    it("keeps the latest order (pinned first, then activity) as the default filter", async () => {
      const latest = await ids(alice, { category: slug });
      expect(latest[0]).toBe(made.e);
      expect(await ids(alice, { filter: "latest", category: slug })).toEqual(latest);
      expect(await paged(alice, { category: slug })).toEqual(latest);
    });

    // A period is the moment `now() - period` to now, not whole days: a post an hour inside its
    // start counts, one an hour before it does not, whatever the time of day.
    it.each([
      ["day", "1 day"],
      ["week", "7 days"],
      ["month", "1 month"],
      ["year", "1 year"],
    ] as const)("counts the %s from the moment it starts, to the hour", async (period, length) => {
      const { id: categoryId, slug: edgeSlug } = await newCategory(`Edge of the ${period}`);
      const edge = async (topicId: number, count: number, hours: number) => {
        const replies = await reply(topicId, count);
        await t.database.db
          .update(posts)
          .set({ createdAt: sql`now() - ${length}::interval + make_interval(hours => ${hours})` })
          .where(inArray(posts.id, replies));
        await t.database.db
          .update(topics)
          .set({ lastPostAt: sql`(SELECT max(${posts.createdAt}) FROM ${posts} WHERE ${posts.topicId} = ${topicId})` })
          .where(eq(topics.id, topicId));
      };
      const outside = await newTopic(alice, { categoryId, title: "just before" });
      await edge(outside, 3, -1);
      const inside = await newTopic(alice, { categoryId, title: "just inside" });
      await edge(inside, 2, 1);
      const both = await newTopic(alice, { categoryId, title: "inside and now" });
      await edge(both, 1, 1);
      await reply(both, 2);
      const recent = await newTopic(alice, { categoryId, title: "now" });
      await reply(recent, 1);
      // 3, 2, 1 posts in the period; `outside`'s three are older and count for nothing.
      const expected = [both, inside, recent, outside];
      expect(await ids(alice, { filter: "top", period, category: edgeSlug })).toEqual(expected);
      expect(await paged(alice, { filter: "top", period, category: edgeSlug }, 1)).toEqual(expected);
    });
  });

  describe("new and unread", () => {
    let reader: Agent;
    let slug: string;
    let categoryId: number;
    let opened: number;
    let unopened: number;
    let readAll: number;
    let readPart: number;
    let own: number;
    beforeAll(async () => {
      const category = await newCategory("Reading");
      slug = category.slug;
      categoryId = category.id;
      const member = await insertMember(t.database.db);
      reader = await signedInAgent(t.app, member.username);
      // Made before the reader joined: never new to them.
      await t.database.db.execute(sql`UPDATE users SET created_at = now() WHERE id = ${member.id}`);
      opened = await newTopic(alice, { categoryId, title: "opened" });
      unopened = await newTopic(alice, { categoryId, title: "unopened" });
      readAll = await newTopic(alice, { categoryId, title: "read all" });
      readPart = await newTopic(alice, { categoryId, title: "read part" });
      own = await newTopic(reader, { categoryId, title: "own" });
      await reader.put(`/api/topics/${opened}/read`).send({ postId: 0 });
      const all = await reply(readAll, 2);
      await reader.put(`/api/topics/${readAll}/read`).send({ postId: all.at(-1) });
      const part = await reply(readPart, 3);
      await reader.put(`/api/topics/${readPart}/read`).send({ postId: part[0] });
    });

    it("new: the topics the member never opened, made after they joined", async () => {
      const got = await list(reader, { filter: "new", category: slug });
      expect(got.map((topic) => topic.id)).toEqual([unopened]);
      expect(got.map((topic) => topic.id)).not.toContain(own);
      expect(got.every((topic) => topic.isNew)).toBe(true);
    });

    it("new: not a topic made before the member joined", async () => {
      const late = await insertMember(t.database.db);
      const latecomer = await signedInAgent(t.app, late.username);
      expect(await ids(latecomer, { filter: "new", category: slug })).toEqual([]);
    });

    it("unread: the topics with posts after the member's read position", async () => {
      const got = await list(reader, { filter: "unread", category: slug });
      expect(got.map((topic) => topic.id)).toEqual([readPart]);
      expect(got[0]!.unreadCount).toBe(2);
      // Replies to a topic they opened before there were any make it unread.
      await reply(opened, 1);
      expect((await ids(reader, { filter: "unread", category: slug })).sort()).toEqual([opened, readPart].sort());
      expect(await paged(reader, { filter: "unread", category: slug }, 1)).toEqual(await ids(reader, { filter: "unread", category: slug }));
    });

    it("new and unread follow reading: opened, a topic is no longer new; read to the end, no longer unread", async () => {
      await reader.put(`/api/topics/${unopened}/read`).send({ postId: 0 });
      expect(await ids(reader, { filter: "new", category: slug })).toEqual([]);
      const last = (await alice.get(`/api/topics/${readPart}/posts`)).body.at(-1).id;
      await reader.put(`/api/topics/${readPart}/read`).send({ postId: last });
      expect(await ids(reader, { filter: "unread", category: slug })).toEqual([opened]);
    });

    it("pages new topics with after, in the latest order", async () => {
      const fresh = await insertMember(t.database.db);
      await t.database.db.execute(sql`UPDATE users SET created_at = now() - interval '1 day' WHERE id = ${fresh.id}`);
      const newcomer = await signedInAgent(t.app, fresh.username);
      const all = await ids(newcomer, { filter: "new", category: slug });
      expect(all).toHaveLength(5);
      expect(await paged(newcomer, { filter: "new", category: slug })).toEqual(all);
      expect(await ids(newcomer, { filter: "latest", category: slug })).toEqual(all);
    });
  });

  describe("category and tag", () => {
    let first: { id: number; slug: string };
    let second: { id: number; slug: string };
    const made: Record<string, number> = {};
    beforeAll(async () => {
      first = await newCategory("Narrow One");
      second = await newCategory("Narrow Two");
      made.oneRed = await newTopic(alice, { categoryId: first.id, tags: ["red-x"] });
      made.oneBlue = await newTopic(alice, { categoryId: first.id, tags: ["blue-x", "red-x"] });
      made.twoRed = await newTopic(alice, { categoryId: second.id, tags: ["red-x"] });
      made.twoNone = await newTopic(alice, { categoryId: second.id });
      await reply(made.oneRed, 2);
    });

    it("narrows to a category by its slug", async () => {
      expect((await ids(alice, { category: first.slug })).sort()).toEqual([made.oneRed, made.oneBlue].sort());
      expect((await ids(alice, { category: second.slug })).sort()).toEqual([made.twoRed, made.twoNone].sort());
    });

    it("narrows to a tag, in any case", async () => {
      expect((await ids(alice, { tag: "red-x" })).sort()).toEqual([made.oneRed, made.oneBlue, made.twoRed].sort());
      expect((await ids(alice, { tag: "RED-X" })).sort()).toEqual([made.oneRed, made.oneBlue, made.twoRed].sort());
    });

    it("combines category, tag and each filter, with paging", async () => {
      expect((await ids(alice, { category: first.slug, tag: "red-x" })).sort()).toEqual([made.oneRed, made.oneBlue].sort());
      expect(await ids(alice, { category: second.slug, tag: "blue-x" })).toEqual([]);
      expect(await ids(alice, { category: first.slug, tag: "red-x", filter: "top", period: "all" })).toEqual([made.oneRed, made.oneBlue]);
      expect(await ids(alice, { category: first.slug, tag: "red-x", filter: "top", period: "day" })).toEqual([made.oneRed, made.oneBlue]);
      expect(await paged(alice, { category: first.slug, tag: "red-x", filter: "top" }, 1)).toEqual([made.oneRed, made.oneBlue]);
      expect(await paged(alice, { tag: "red-x" }, 1)).toEqual(await ids(alice, { tag: "red-x" }));
      // Alice opened her own topics: none is new or unread to her.
      expect(await ids(alice, { category: first.slug, tag: "red-x", filter: "new" })).toEqual([]);
      expect(await ids(alice, { category: first.slug, filter: "unread" })).toEqual([]);
    });

    it("gives an empty list for a category or tag that names nothing", async () => {
      for (const query of [
        { category: "no-such-category" },
        { category: "" },
        { category: "Narrow One" },
        { tag: "no-such-tag" },
        { tag: "" },
        { tag: "%" },
        { tag: "x".repeat(300) },
        { category: "general", tag: "blue-x" },
        { category: "no-such", filter: "top", period: "all" },
        { tag: "no-such", filter: "unread" },
      ] as Record<string, string>[]) {
        expect(await ids(alice, query), JSON.stringify(query)).toEqual([]);
      }
    });

    it("refuses an unknown filter or period with 400", async () => {
      for (const query of [{ filter: "hot" }, { filter: "" }, { filter: "TOP" }, { period: "decade" }, { filter: "top", period: "" }, { period: "Day" }]) {
        const res = await alice.get("/api/topics").query(query);
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.message).toBeTypeOf("string");
      }
      expect((await alice.get("/api/topics?filter=top&filter=new")).status).toBe(400);
    });

    it("still answers an array, limit and after as before", async () => {
      const res = await alice.get("/api/topics").query({ limit: 1, filter: "latest" });
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body).toHaveLength(1);
      expect((await alice.get("/api/topics").query({ limit: 0, filter: "top" })).status).toBe(400);
      expect((await alice.get("/api/topics").query({ after: "x", tag: "red-x" })).status).toBe(400);
    });
  });
});
