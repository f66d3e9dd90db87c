import { eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, memberCast, signedInAgent } from "../../test/fixtures";

// Top over a period sums topic_daily_posts (docs/forum-lists.md): its rows must be the posts per
// topic and UTC day whoever writes the posts, and Top must follow every change at once.
describe("Top's daily post counts", () => {
  let t: TestApp;
  let alice: Agent;
  let bob: Agent;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, bob, moderator: admin } = await memberCast(t));
  });
  afterAll(() => t.close());

  const newCategory = async (name: string) => (await admin.post("/api/admin/categories").send({ name, color: "#000000" })).body as { id: number; slug: string };
  const newTopic = async (agent: Agent, categoryId: number, title = "Counted") => {
    const res = await agent.post("/api/topics").send({ title, categoryId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const reply = async (agent: Agent, topicId: number, count: number) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await agent.post(`/api/topics/${topicId}/posts`).send({ content: "counted" });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.id);
    }
    return ids;
  };
  const top = async (query: Record<string, string>) => {
    const res = await alice.get("/api/topics").query({ filter: "top", ...query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { id: number }[]).map((topic) => topic.id);
  };

  /** The table as it stands, and as it should be: every topic's posts counted per UTC day. */
  async function expectCountsOfPosts() {
    const { rows: kept } = await t.database.db.execute(
      sql`SELECT topic_id, day::text, posts FROM topic_daily_posts ORDER BY topic_id, day`,
    );
    const { rows: counted } = await t.database.db.execute(
      sql`SELECT topic_id, (created_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS posts FROM posts GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(kept).toEqual(counted);
    return kept.length;
  }

  it("counts posts as they are written, deleted, moved in time and removed with their topic or author", async () => {
    const { id: categoryId } = await newCategory("Counting");
    const first = await newTopic(alice, categoryId);
    const second = await newTopic(bob, categoryId);
    const [kept, gone] = await reply(bob, first, 2);
    await reply(alice, second, 3);
    expect(await expectCountsOfPosts()).toBeGreaterThan(0);

    expect((await bob.delete(`/api/posts/${gone}`)).status).toBe(200);
    await expectCountsOfPosts();

    // Moved to other days (and one to the other topic), as a repair by hand would.
    const secondPosts = (await t.database.db.select({ id: posts.id }).from(posts).where(eq(posts.topicId, second))).map((post) => post.id);
    await t.database.db.update(posts).set({ createdAt: sql`now() - interval '3 days'` }).where(inArray(posts.id, secondPosts));
    await t.database.db.update(posts).set({ createdAt: sql`now() - interval '40 days'` }).where(eq(posts.id, secondPosts[0]!));
    await t.database.db.update(posts).set({ topicId: first }).where(eq(posts.id, kept!));
    await expectCountsOfPosts();

    // Many rows in one statement, as the seed writes them.
    await t.database.db.execute(sql`
      INSERT INTO posts (content, topic_id, author_id, created_at)
      SELECT 'bulk', ${first}, created_by, now() - make_interval(days => g % 5) FROM topics, generate_series(1, 12) g WHERE topics.id = ${first}`);
    await expectCountsOfPosts();

    expect((await admin.delete(`/api/topics/${second}`)).status).toBe(200);
    await expectCountsOfPosts();

    // A member's deletion takes their posts (a cascade from users, as the deletion job's last step).
    const doomed = await insertMember(t.database.db);
    const doomedAgent = await signedInAgent(t.app, doomed.username);
    await reply(doomedAgent, first, 2);
    await t.database.db.delete(users).where(eq(users.id, doomed.id));
    await expectCountsOfPosts();
  });

  it("keeps the count of posts written at once in one topic", async () => {
    const { id: categoryId } = await newCategory("Busy");
    const busy = await newTopic(alice, categoryId);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? alice : bob).post(`/api/topics/${busy}/posts`).send({ content: `at once ${i}` })),
    );
    expect(results.map((res) => res.status)).toEqual(Array(12).fill(201));
    const [row] = (await t.database.db.execute(sql`SELECT sum(posts)::int AS n FROM topic_daily_posts WHERE topic_id = ${busy}`)).rows;
    expect(row).toEqual({ n: 12 });
    await expectCountsOfPosts();
  });

  it("follows posts written and deleted, and a topic moved to another category, at once", async () => {
    const from = await newCategory("Moving from");
    const to = await newCategory("Moving to");
    const quiet = await newTopic(alice, from.id, "quiet");
    const busy = await newTopic(alice, from.id, "busy");
    const busyPosts = await reply(bob, busy, 3);
    await reply(bob, quiet, 2);
    expect(await top({ period: "day", category: from.slug })).toEqual([busy, quiet]);

    for (const id of busyPosts.slice(0, 2)) expect((await bob.delete(`/api/posts/${id}`)).status).toBe(200);
    expect(await top({ period: "day", category: from.slug })).toEqual([quiet, busy]);

    expect((await alice.patch(`/api/topics/${quiet}`).send({ categoryId: to.id })).status).toBe(200);
    expect(await top({ period: "week", category: from.slug })).toEqual([busy]);
    expect(await top({ period: "week", category: to.slug })).toEqual([quiet]);
    await reply(alice, busy, 2);
    expect(await top({ period: "month", category: from.slug })).toEqual([busy]);
    await expectCountsOfPosts();
  });

  // Last: it empties the forum.
  it("empties with the posts", async () => {
    // As the schema owner: the app's role may not truncate.
    const owner = new pg.Client({ connectionString: t.database.url });
    await owner.connect();
    await owner.query("TRUNCATE posts CASCADE");
    await owner.end();
    expect(await expectCountsOfPosts()).toBe(0);
  });
});
