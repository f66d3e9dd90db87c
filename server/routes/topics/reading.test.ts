import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post, TopicDetail, TopicListItem } from "@shared/types";
import { posts, topics } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertPosts, memberCast } from "../../test/fixtures";

/** Opening a topic at a post (`around`, `before`) and the unread state of the topic list. */
describe("reading topics", () => {
  let t: TestApp;
  let alice: Agent;
  let bob: Agent;
  let aliceId: number;
  let bobId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, bob, aliceId, bobId } = await memberCast(t));
  });
  afterAll(() => t.close());

  const newTopic = async (agent: Agent, title = "Thread") => ((await agent.post("/api/topics").send({ title })).body as { id: number }).id;
  const bulkPosts = (topicId: number, authorId: number, n: number) => insertPosts(t.database.db, { topicId, authorId, count: n });
  const listed = async (agent: Agent, topicId: number) =>
    ((await agent.get("/api/topics").query({ limit: 100 })).body as TopicListItem[]).find((topic) => topic.id === topicId)!;
  /** Alice's read of a topic's posts at a position (`around`, `before`, `limit`). */
  const readPosts = async (topicId: number, query: Record<string, number>) => {
    const res = await alice.get(`/api/topics/${topicId}/posts`).query(query);
    expect(res.status).toBe(200);
    return res.body as Post[];
  };
  const markRead = (agent: Agent, topicId: number, postId: number) => agent.put(`/api/topics/${topicId}/read`).send({ postId });

  describe("around and before", () => {
    let topicId: number;
    let ids: number[];
    beforeAll(async () => {
      topicId = await newTopic(alice);
      ids = await bulkPosts(topicId, aliceId, 200);
    });
    const page = async (query: Record<string, number>) => (await readPosts(topicId, query)).map((post) => post.id);

    it("opens the page holding a post: 50 before it, it, and 49 after", async () => {
      expect(await page({ around: ids[100]! })).toEqual(ids.slice(50, 150));
    });

    it("stops at the ends of the topic", async () => {
      expect(await page({ around: ids[3]! })).toEqual(ids.slice(0, 53));
      expect(await page({ around: ids[195]! })).toEqual(ids.slice(145));
    });

    it("opens where a deleted post was", async () => {
      const gone = ids[120]!;
      await t.database.db.delete(posts).where(sql`${posts.id} = ${gone}`);
      expect(await page({ around: gone })).toEqual([...ids.slice(69, 120), ...ids.slice(121, 170)]);
    });

    it("loads the posts before one, oldest first", async () => {
      expect(await page({ before: ids[50]!, limit: 20 })).toEqual(ids.slice(30, 50));
    });

    it("refuses two positions at once", async () => {
      expect((await alice.get(`/api/topics/${topicId}/posts`).query({ around: ids[5], after: ids[1] })).status).toBe(400);
      expect((await alice.get(`/api/topics/${topicId}/posts`).query({ around: "x" })).status).toBe(400);
    });
  });

  describe("numbers of the around page", () => {
    let topicId: number;
    let ids: number[];
    beforeAll(async () => {
      topicId = await newTopic(alice);
      ids = await bulkPosts(topicId, aliceId, 300);
    });
    /** The answer's posts as [id, number]. */
    const numbered = async (query: Record<string, number>) => (await readPosts(topicId, query)).map((post) => [post.id, post.number]);
    /** The posts `from` to `to` (exclusive) of `list`, the topic's posts in order, with their numbers. */
    const positions = (list: number[], from: number, to: number) => list.slice(from, to).map((id, index) => [id, from + index + 1]);
    const deletePost = async (id: number) => expect((await alice.delete(`/api/posts/${id}`)).status).toBe(200);

    it("gives each post its place in the topic, near the start, in the middle and near the end", async () => {
      expect(await numbered({ around: ids[20]! })).toEqual(positions(ids, 0, 70));
      expect(await numbered({ around: ids[150]! })).toEqual(positions(ids, 100, 200));
      expect(await numbered({ around: ids[280]! })).toEqual(positions(ids, 230, 300));
    });

    it("numbers only the around page: the client counts the others from their neighbours", async () => {
      for (const query of [{}, { after: ids[10]! }, { before: ids[100]!, limit: 20 }]) {
        const res = await alice.get(`/api/topics/${topicId}/posts`).query(query);
        expect(res.status).toBe(200);
        expect((res.body as Post[]).length).toBeGreaterThan(0);
        expect((res.body as Post[]).every((post) => !("number" in post))).toBe(true);
      }
    });

    it("moves the later posts up a number when an earlier post is deleted", async () => {
      await deletePost(ids[10]!);
      const remaining = ids.filter((id) => id !== ids[10]);
      expect(await numbered({ around: ids[150]! })).toEqual(positions(remaining, 99, 199));
      expect(await numbered({ around: ids[280]! })).toEqual(positions(remaining, 229, 299));
      // The posts before it keep theirs.
      expect(await numbered({ around: ids[5]! })).toEqual(positions(remaining, 0, 55));

      // Opened where a deleted post was, and where the topic's first post was.
      await deletePost(ids[200]!);
      const left = remaining.filter((id) => id !== ids[200]);
      expect(await numbered({ around: ids[200]! })).toEqual(positions(left, 148, 248));
      await deletePost(ids[0]!);
      expect(await numbered({ around: ids[0]! })).toEqual(positions(left.slice(1), 0, 49));
    });
  });

  describe("read position", () => {
    it("moves forward only", async () => {
      const topicId = await newTopic(bob);
      const ids = await bulkPosts(topicId, bobId, 5);
      expect((await markRead(alice, topicId, ids[3]!)).body).toEqual({ lastReadPostId: ids[3] });
      const back = await markRead(alice, topicId, ids[1]!);
      expect(back.status).toBe(200);
      expect(back.body).toEqual({ lastReadPostId: ids[3] });
      expect(((await alice.get(`/api/topics/${topicId}`)).body as TopicDetail).lastReadPostId).toBe(ids[3]);
      expect(((await bob.get(`/api/topics/${topicId}`)).body as TopicDetail).lastReadPostId).toBe(0);
    });

    it("refuses a post of another topic, a missing topic and a malformed body", async () => {
      const topicId = await newTopic(bob);
      const [other] = await bulkPosts(await newTopic(bob), bobId, 1);
      expect((await markRead(alice, topicId, other!)).status).toBe(404);
      expect((await markRead(alice, 999_999, other!)).status).toBe(404);
      expect((await alice.put(`/api/topics/${topicId}/read`).send({ postId: "x" })).status).toBe(400);
      expect((await alice.put(`/api/topics/${topicId}/read`).send({ postId: other, extra: 1 })).status).toBe(400);
    });
  });

  describe("topic list", () => {
    it("marks a topic new until it is opened, then counts the posts after the read position", async () => {
      const topicId = await newTopic(bob, "Fresh");
      expect(await listed(alice, topicId)).toMatchObject({ isNew: true, unreadCount: 0 });
      expect(await listed(bob, topicId)).toMatchObject({ isNew: false, unreadCount: 0 });
      const ids = await bulkPosts(topicId, bobId, 6);
      await markRead(alice, topicId, ids[1]!);
      expect(await listed(alice, topicId)).toMatchObject({ isNew: false, unreadCount: 4 });
      await markRead(alice, topicId, ids[5]!);
      expect(await listed(alice, topicId)).toMatchObject({ isNew: false, unreadCount: 0 });
    });

    it("marks a topic without posts opened with position 0", async () => {
      const topicId = await newTopic(bob);
      expect((await markRead(alice, topicId, 0)).body).toEqual({ lastReadPostId: 0 });
      expect(await listed(alice, topicId)).toMatchObject({ isNew: false, unreadCount: 0 });
    });

    it("caps the unread count at 100", async () => {
      const topicId = await newTopic(bob);
      const [first] = await bulkPosts(topicId, bobId, 1);
      await markRead(alice, topicId, first!);
      await bulkPosts(topicId, bobId, 150);
      expect((await listed(alice, topicId)).unreadCount).toBe(100);
    });

    it("does not count a member's own replies as unread", async () => {
      const topicId = await newTopic(bob);
      await markRead(alice, topicId, (await bulkPosts(topicId, bobId, 1))[0]!);
      await alice.post(`/api/topics/${topicId}/posts`).send({ content: "mine" });
      expect((await listed(alice, topicId)).unreadCount).toBe(0);
    });

    it("does not mark topics created before the member joined as new", async () => {
      const topicId = await newTopic(bob);
      await t.database.db.update(topics).set({ createdAt: new Date("2000-01-01") }).where(sql`${topics.id} = ${topicId}`);
      expect(await listed(alice, topicId)).toMatchObject({ isNew: false, unreadCount: 0 });
    });
  });
});
