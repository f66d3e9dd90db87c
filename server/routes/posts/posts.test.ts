import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, topics, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, memberCast, readUser, signedInAgent } from "../../test/fixtures";

describe("posts", () => {
  let t: TestApp;
  let alice: Agent;
  let bob: Agent;
  let moderator: Agent;
  let aliceId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, bob, moderator, aliceId } = await memberCast(t));
  });
  afterAll(() => t.close());

  const newTopic = async () => ((await alice.post("/api/topics").send({ title: "Thread" })).body as { id: number }).id;
  const reply = (agent: Agent, topicId: number, content = "A reply") => agent.post(`/api/topics/${topicId}/posts`).send({ content });
  const topicRow = async (id: number) => (await t.database.db.select().from(topics).where(eq(topics.id, id)))[0]!;

  it("replies with the author's details and raises the counters", async () => {
    const topicId = await newTopic();
    const before = (await readUser(t.database.db, aliceId)).postsCount;
    const res = await reply(alice, topicId, "  Hello\nthere  ");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content: "Hello\nthere", topicId, authorId: aliceId, isEdited: false, authorPostsCount: before + 1, number: 1 });
    const topic = await topicRow(topicId);
    expect(topic.postsCount).toBe(1);
    expect(topic.lastPostAt?.toISOString()).toBe(res.body.createdAt);
    // To the microsecond the column keeps, not only the milliseconds a Date carries.
    const { rows } = await t.database.pool.query(
      "SELECT last_post_at = (SELECT max(created_at) FROM posts WHERE topic_id = $1) AS exact FROM topics WHERE id = $1",
      [topicId],
    );
    expect(rows).toEqual([{ exact: true }]);
  });

  it("links the existing members a post names with @username, spelled as they spell their names", async () => {
    const named = await insertMember(t.database.db);
    const topicId = await newTopic();
    const written = `@${named.username.toUpperCase()}`;
    const content = `hi ${written}, @nosuchmember9 and mail to me@${named.username}.org`;
    const link = `<a href="/user/${named.username}" class="mention" rel="nofollow ugc noopener">${written}</a>`;
    const created = await reply(bob, topicId, content);
    expect(created.body.html).toBe(`<p>hi ${link}, @nosuchmember9 and mail to me@${named.username}.org</p>\n`);
    expect((await alice.get(`/api/topics/${topicId}/posts`)).body[0].html).toBe(created.body.html);
    expect((await bob.patch(`/api/posts/${created.body.id}`).send({ content: "nobody named now" })).body.html).toBe("<p>nobody named now</p>\n");
  });

  it.each([
    ["   ", "Content required"],
    ["x".repeat(10_001), "Content too long"],
  ])("refuses content %#", async (content, message) => {
    const res = await reply(alice, await newTopic(), content);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("keeps 10,000 characters and refuses extra fields", async () => {
    const topicId = await newTopic();
    expect((await reply(alice, topicId, "x".repeat(10_000))).status).toBe(201);
    expect((await alice.post(`/api/topics/${topicId}/posts`).send({ content: "hi", authorId: 1 })).status).toBe(400);
  });

  it("refuses replies to a locked topic with 403 'Topic is locked', even from an admin", async () => {
    const topicId = await newTopic();
    await moderator.patch(`/api/topics/${topicId}`).send({ isLocked: true });
    for (const agent of [alice, moderator]) {
      const res = await reply(agent, topicId);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Topic is locked");
    }
    expect((await topicRow(topicId)).postsCount).toBe(0);
  });

  it("answers 404 for replies to and posts of a missing topic", async () => {
    expect((await reply(alice, 999_999)).status).toBe(404);
    expect((await alice.get("/api/topics/999999/posts")).status).toBe(404);
  });

  it("lets only the author edit a post, marking it edited", async () => {
    const post = (await reply(alice, await newTopic(), "original")).body;
    expect((await bob.patch(`/api/posts/${post.id}`).send({ content: "hijack" })).status).toBe(403);
    expect((await moderator.patch(`/api/posts/${post.id}`).send({ content: "moderated" })).status).toBe(403);
    expect((await alice.patch(`/api/posts/${post.id}`).send({ content: "  " })).status).toBe(400);
    const edited = await alice.patch(`/api/posts/${post.id}`).send({ content: "changed" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ content: "changed", isEdited: true });
    expect((await alice.patch("/api/posts/999999").send({ content: "x" })).status).toBe(404);
  });

  it("lets the author or an admin delete a post, not another member; lastPostAt falls back", async () => {
    const topicId = await newTopic();
    const first = (await reply(alice, topicId, "first")).body;
    const second = (await reply(alice, topicId, "second")).body;
    const third = (await reply(bob, topicId, "third")).body;

    expect((await bob.delete(`/api/posts/${first.id}`)).status).toBe(403);
    expect((await bob.delete(`/api/posts/${third.id}`)).status).toBe(200);
    expect((await topicRow(topicId)).lastPostAt?.toISOString()).toBe(second.createdAt);
    expect((await moderator.delete(`/api/posts/${second.id}`)).status).toBe(200);
    expect((await alice.delete(`/api/posts/${first.id}`)).status).toBe(200);
    const topic = await topicRow(topicId);
    expect(topic).toMatchObject({ postsCount: 0, lastPostAt: null });
    expect((await alice.delete(`/api/posts/${first.id}`)).status).toBe(404);
  });

  it("keeps postsCount and lastPostAt exact under 20 concurrent replies and concurrent deletes", async () => {
    const topicId = await newTopic();
    const before = (await readUser(t.database.db, aliceId)).postsCount;
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => reply(alice, topicId, `reply ${i}`)));
    expect(created.every((res) => res.status === 201)).toBe(true);
    expect((await topicRow(topicId)).postsCount).toBe(20);
    // Each answer's number is its place in the topic (posts in id order), each place once.
    const byId = created.map((res) => res.body as { id: number; number: number }).sort((a, b) => a.id - b.id);
    expect(byId.map((post) => post.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await readUser(t.database.db, aliceId)).postsCount).toBe(before + 20);

    // Each of ten posts deleted twice at once: one of each pair wins.
    const doomed = created.slice(0, 10).map((res) => res.body.id as number);
    const deletes = await Promise.all(doomed.flatMap((id) => [alice.delete(`/api/posts/${id}`), moderator.delete(`/api/posts/${id}`)]));
    expect(deletes.filter((res) => res.status === 200)).toHaveLength(10);
    expect(deletes.filter((res) => res.status === 404)).toHaveLength(10);

    const [{ real }] = (await t.database.db.select({ real: count() }).from(posts).where(eq(posts.topicId, topicId))) as [{ real: number }];
    const topic = await topicRow(topicId);
    expect(topic.postsCount).toBe(real);
    expect(real).toBe(10);
    const [newest] = await t.database.db.select({ at: sql<Date>`max(${posts.createdAt})` }).from(posts).where(eq(posts.topicId, topicId));
    expect(topic.lastPostAt?.getTime()).toBe(new Date(newest!.at).getTime());
    const [{ authored }] = (await t.database.db.select({ authored: count() }).from(posts).where(eq(posts.authorId, aliceId))) as [{ authored: number }];
    expect((await readUser(t.database.db, aliceId)).postsCount).toBe(authored);
  });

  it("pages through a topic oldest first, every post exactly once", async () => {
    const topicId = await newTopic();
    await t.database.db.insert(posts).values(Array.from({ length: 250 }, (_, i) => ({ topicId, authorId: aliceId, content: `post ${i}` })));
    const seen: string[] = [];
    let after: number | undefined;
    for (;;) {
      const page = await alice.get(`/api/topics/${topicId}/posts`).query(after ? { after } : {});
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThanOrEqual(100);
      if (page.body.length === 0) break;
      seen.push(...page.body.map((post: { content: string }) => post.content));
      after = page.body.at(-1).id;
    }
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => `post ${i}`));
    const small = await alice.get(`/api/topics/${topicId}/posts`).query({ limit: 7 });
    expect(small.body).toHaveLength(7);
    expect((await alice.get(`/api/topics/${topicId}/posts`).query({ limit: 101 })).status).toBe(400);
  });

  it("limits posts and topics together per member per minute", async () => {
    const limited = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: "3" });
    try {
      const member = await insertMember(limited.database.db);
      const agent = await signedInAgent(limited.app, member.username);
      const topicId = (await agent.post("/api/topics").send({ title: "t" })).body.id;
      expect((await reply(agent, topicId)).status).toBe(201);
      expect((await reply(agent, topicId)).status).toBe(201);
      const res = await reply(agent, topicId);
      expect(res.status).toBe(429);
      expect(res.headers["retry-after"]).toBeDefined();
      expect((await limited.database.db.select().from(users).where(and(eq(users.id, member.id))))[0]!.postsCount).toBe(2);
      const topic = await agent.post("/api/topics").send({ title: "one more" });
      expect(topic.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("counts edits of posts under the same limit", async () => {
    const limited = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: "3" });
    try {
      const member = await insertMember(limited.database.db);
      const agent = await signedInAgent(limited.app, member.username);
      const topicId = (await agent.post("/api/topics").send({ title: "t" })).body.id;
      const postId = (await reply(agent, topicId)).body.id;
      expect((await agent.patch(`/api/posts/${postId}`).send({ content: "edited once" })).status).toBe(200);
      const edit = await agent.patch(`/api/posts/${postId}`).send({ content: "edited twice" });
      expect(edit.status).toBe(429);
      expect(edit.headers["retry-after"]).toBeDefined();
      const [post] = await limited.database.db.select({ content: posts.content }).from(posts).where(eq(posts.id, postId));
      expect(post!.content).toBe("edited once");
    } finally {
      await limited.close();
    }
  });
});
