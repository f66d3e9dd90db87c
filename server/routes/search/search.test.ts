import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { SEARCH_COUNT_LIMIT } from "@shared/constants";
import type { HighlightRange, MemberSearchResult, PostSearchResult, SearchCounts, SearchPage, TopicSearchResult } from "@shared/types";
import { posts, topics } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, signedInAgent } from "../../test/fixtures";

describe("search", () => {
  let t: TestApp;
  let alice: Agent;
  let aliceId: number;
  let topicId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await insertMember(t.database.db, { username: "alice_searcher" });
    aliceId = a.id;
    alice = await signedInAgent(t.app, a.username);
    const [topic] = await t.database.db.insert(topics).values({ title: "General chatter", createdBy: aliceId }).returning();
    topicId = topic!.id;
  });
  afterAll(() => t.close());

  /** Inserts posts in order (later ones are newer) and returns their ids. */
  const addPosts = async (...contents: string[]) => {
    const ids: number[] = [];
    for (const content of contents) {
      const [row] = await t.database.db.insert(posts).values({ content, topicId, authorId: aliceId }).returning({ id: posts.id });
      ids.push(row!.id);
    }
    return ids;
  };
  const search = async <T>(q: string, type = "posts", cursor?: string) => {
    const res = await alice.get("/api/search").query({ q, type, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    return res.body as SearchPage<T>;
  };
  const postIds = async (q: string) => (await search<PostSearchResult>(q)).results.map((r) => r.postId);
  const marked = (text: string, ranges: HighlightRange[]) => ranges.map(([from, to]) => text.slice(from, to));

  it("finds words by their stem, with phrases, exclusions and or", async () => {
    const [walrusTeeth, walrusSwim, teethOnly, tusk] = await addPosts(
      "The walrus has enormous teeth",
      "A walrus swims under the ice",
      "My teeth hurt after walking the enormous dog",
      "Tusks are teeth too",
    );
    expect(new Set(await postIds("walruses"))).toEqual(new Set([walrusTeeth, walrusSwim]));
    expect(await postIds('"enormous teeth"')).toEqual([walrusTeeth]);
    expect(await postIds("walrus -ice")).toEqual([walrusTeeth]);
    expect(new Set(await postIds("swims or tusks"))).toEqual(new Set([walrusSwim, tusk]));
    expect(await postIds("teeth walked")).toEqual([teethOnly]);
    expect(await postIds("zeppelin")).toEqual([]);
  });

  it("ranks the better match first and, among equals, the newer", async () => {
    const [once, older, thrice, newer] = await addPosts(
      "quokka seen today on the island shore",
      "quokka quokka here",
      "quokka quokka quokka",
      "quokka quokka here",
    );
    expect(await postIds("quokka")).toEqual([thrice, newer, older, once]);
  });

  it("gives a plain-text snippet with highlight ranges, never HTML", async () => {
    const filler = "lorem ipsum dolor sit amet ".repeat(30);
    await addPosts(`${filler}the <b>Narwhals</b> & co ${filler}`);
    const [result] = (await search<PostSearchResult>("narwhal")).results;
    expect(result).toMatchObject({ topicId, topicTitle: "General chatter", authorUsername: "alice_searcher", authorAvatar: null });
    expect(result!.snippet.length).toBeLessThanOrEqual(240);
    expect(result!.snippet).toContain("the <b>Narwhals</b> & co");
    expect(marked(result!.snippet, result!.highlights)).toEqual(["Narwhals"]);
  });

  it("gives member text back exactly as written: markup, the server's own markers and stand-ins, any character", async () => {
    const only = async (q: string) => {
      const { results } = await search<PostSearchResult>(q);
      expect(results).toHaveLength(1);
      return results[0]!;
    };
    await addPosts("<b>wombat</b> tail");
    const wombat = await only("wombat");
    expect(wombat.snippet).toBe("<b>wombat</b> tail");
    expect(marked(wombat.snippet, wombat.highlights)).toEqual(["wombat"]);
    // The private-use characters ts_headline marks matches with, the stand-in for `<`, an emoji
    // (two UTF-16 units before the match), an entity, quotes and brackets at the edges.
    const odd = `("\uE000<i>\uE001 \u0001x 🦒 &amp; jerboa's <b>jerboa</b> \uE001tail\uE000")`;
    await addPosts(odd);
    const jerboa = await only("jerboa");
    expect(jerboa.snippet).toBe(odd);
    expect(marked(jerboa.snippet, jerboa.highlights)).toEqual(["jerboa", "jerboa"]);
    const [topic] = await t.database.db.insert(topics).values({ title: "\uE000<b>Tapir</b>\uE001 \u0001 title!", createdBy: aliceId }).returning();
    const { results } = await search<TopicSearchResult>("tapir", "topics");
    expect(results.map((r) => [r.topicId, r.title])).toEqual([[topic!.id, "\uE000<b>Tapir</b>\uE001 \u0001 title!"]]);
    expect(marked(results[0]!.title, results[0]!.highlights)).toEqual(["Tapir"]);
  });

  it("finds the snippet of a long post around its match, wherever it is", async () => {
    const filler = (word: string, times: number) => `${word} `.repeat(times);
    // A post far longer than the window the snippet is looked for in, the match near its end.
    await addPosts(`${filler("lorem ipsum", 700)}the dugong grazes ${filler("dolor sit", 40)}`);
    // Words much longer than usual: the window placed from the match's word position misses it.
    await addPosts(`${filler("extraordinarily", 500)}a manatee floats ${filler("dolor", 20)}`);
    // The phrase only further on: its words apart near the start, together near the end.
    await addPosts(`seal watching ${filler("lorem ipsum", 700)}elephant seal ${filler("dolor sit", 40)}`);
    const snippetOf = async (q: string) => {
      const { results } = await search<PostSearchResult>(q);
      expect(results).toHaveLength(1);
      return results[0]!;
    };
    // Hyphenated words count three word positions each: the window placed from the match's position
    // starts just before the match, inside a word, and that cut word is left out.
    await addPosts(`${filler("abcd-efgh", 115)}a beluga dives ${filler("dolor", 600)}`);
    const beluga = await snippetOf("beluga");
    expect(beluga.snippet).toContain("a beluga dives");
    expect(beluga.snippet.split(" ").filter((word) => !["abcd-efgh", "a", "beluga", "dives", "dolor"].includes(word))).toEqual([]);
    const dugong = await snippetOf("dugong");
    expect(dugong.snippet).toContain("the dugong grazes");
    expect(marked(dugong.snippet, dugong.highlights)).toEqual(["dugong"]);
    const manatee = await snippetOf("manatee");
    expect(manatee.snippet).toContain("a manatee floats");
    expect(marked(manatee.snippet, manatee.highlights)).toEqual(["manatee"]);
    const seal = await snippetOf('"elephant seal"');
    expect(seal.snippet).toContain("elephant seal");
    expect(marked(seal.snippet, seal.highlights)).toEqual(["elephant", "seal"]);
  });

  it("pages 20 at a time with a cursor, without repeats", async () => {
    const ids = await addPosts(...Array.from({ length: 45 }, (_, i) => `pangolin number ${i}`));
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await search<PostSearchResult>("pangolin", "posts", cursor);
      expect(page.results.length).toBeLessThanOrEqual(20);
      seen.push(...page.results.map((r) => r.postId));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it("searches topic titles and descriptions, title matches first, with ranges into the title", async () => {
    const db = t.database.db;
    const [inDescription] = await db.insert(topics).values({ title: "Weekend plans", description: "Maybe an axolotl tank", createdBy: aliceId }).returning();
    const [inTitle] = await db.insert(topics).values({ title: "My Axolotl <i>diary</i>", createdBy: aliceId }).returning();
    const { results } = await search<TopicSearchResult>("axolotls", "topics");
    expect(results.map((r) => r.topicId)).toEqual([inTitle!.id, inDescription!.id]);
    expect(results[0]).toMatchObject({ title: "My Axolotl <i>diary</i>", authorUsername: "alice_searcher", postsCount: 0, lastPostAt: null });
    expect(marked(results[0]!.title, results[0]!.highlights)).toEqual(["Axolotl"]);
    expect(results[1]).toMatchObject({ description: "Maybe an axolotl tank", highlights: [] });
  });

  it("finds members by username substring, case-insensitive, prefix matches first", async () => {
    for (const username of ["zzBob", "bobcat", "Bobby", "the_bob_", "robert"]) await insertMember(t.database.db, { username });
    const { results } = await search<MemberSearchResult>("BOB", "members");
    expect(results.map((r) => r.username)).toEqual(["Bobby", "bobcat", "the_bob_", "zzBob"]);
    expect(results[1]).toEqual({ id: expect.any(Number), username: "bobcat", avatar: null, isAdmin: false, role: "member", postsCount: 0 });
    expect((await search<MemberSearchResult>("_bob_", "members")).results.map((r) => r.username)).toEqual(["the_bob_"]);
    expect((await search<MemberSearchResult>("%", "members")).results).toEqual([]);
  });

  it("pages members with a cursor", async () => {
    for (let i = 0; i < 25; i++) await insertMember(t.database.db, { username: `kiwi${String(i).padStart(2, "0")}` });
    for (const username of ["zkiwi", "a_kiwi"]) await insertMember(t.database.db, { username });
    const first = await search<MemberSearchResult>("kiwi", "members");
    const second = await search<MemberSearchResult>("kiwi", "members", first.nextCursor!);
    expect(first.results).toHaveLength(20);
    expect(second.results.map((r) => r.username)).toEqual(["kiwi20", "kiwi21", "kiwi22", "kiwi23", "kiwi24", "a_kiwi", "zkiwi"]);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    [{ q: "   " }],
    [{ q: "x".repeat(201) }],
    [{}],
    [{ q: "cat", type: "people" }],
    [{ q: "cat", cursor: "not-a-cursor" }],
  ])("refuses %j with 400", async (query) => {
    const res = await alice.get("/api/search").query(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  /** A cursor as the server writes one: base64url of the JSON sort key. */
  const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString("base64url");

  it.each([
    ["posts", [0.1, 1.5]],
    ["posts", [0.1, 3e9]],
    ["posts", [0.1, 0]],
    ["posts", [1e-50, 1]],
    ["posts", [1e39, 1]],
    ["posts", ["0.1", 1]],
    ["topics", [0.1, 1.5]],
    ["topics", [0.1, -1]],
    ["members", [0, "a\u0000"]],
    ["members", [0, "a".repeat(21)]],
    ["members", [2, "a"]],
    ["members", [0.1, 1]],
  ])("refuses a %s cursor of %j, not a sort key the server writes, with 400", async (type, key) => {
    const res = await alice.get("/api/search").query({ q: "cat", type, cursor: cursorOf(key) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Invalid cursor" });
  });

  it("pages topics with the cursor of a real page", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const [row] = await t.database.db.insert(topics).values({ title: `Capybara meetup ${i}`, createdBy: aliceId }).returning({ id: topics.id });
      ids.push(row!.id);
    }
    const first = await search<TopicSearchResult>("capybara", "topics");
    expect(first.results).toHaveLength(20);
    const second = await search<TopicSearchResult>("capybara", "topics", first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    expect([...first.results, ...second.results].map((r) => r.topicId)).toEqual([...ids].reverse());
  });

  it("takes 200 characters after trimming, and words that index nothing find nothing", async () => {
    expect((await alice.get("/api/search").query({ q: ` ${"a".repeat(200)} ` })).status).toBe(200);
    expect((await search<PostSearchResult>("the and")).results).toEqual([]);
  });

  it("limits searches per member per minute, answering 429 with Retry-After", async () => {
    const limited = await createTestApp({ RATE_LIMIT_SEARCH_PER_MINUTE: "2" });
    try {
      const [first, second] = [await insertMember(limited.database.db), await insertMember(limited.database.db)];
      const agent = await signedInAgent(limited.app, first.username);
      expect((await agent.get("/api/search").query({ q: "cat" })).status).toBe(200);
      expect((await agent.get("/api/search").query({ q: "dog", type: "members" })).status).toBe(200);
      const refused = await agent.get("/api/search").query({ q: "cat" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      const other = await signedInAgent(limited.app, second.username);
      expect((await other.get("/api/search").query({ q: "cat" })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  describe("counts", () => {
    const counts = async (q: string) => {
      const res = await alice.get("/api/search/counts").query({ q });
      expect(res.status).toBe(200);
      return (res.body as SearchCounts).counts;
    };

    it("counts each type's results at once: a word only in a topic title has a topic and nothing else", async () => {
      await t.database.db.insert(topics).values({ title: "Armadillo sightings", createdBy: aliceId });
      expect(await counts("armadillos")).toEqual({ posts: 0, topics: 1, members: 0 });
      await addPosts("An armadillo rolled up", "Two armadillos");
      await insertMember(t.database.db, { username: "armadillo_fan" });
      expect(await counts("armadillo")).toEqual({ posts: 2, topics: 1, members: 1 });
    });

    it("counts what the search shows: no hidden post, nothing of a deleted member", async () => {
      const [shown, hidden] = await addPosts("An okapi at dawn", "An okapi at dusk");
      await t.database.db.execute(sql`UPDATE posts SET hidden_at = now() WHERE id = ${hidden!}`);
      const gone = await insertMember(t.database.db, { username: "okapi_gone", deletedAt: new Date() });
      await t.database.db.insert(topics).values({ title: "Okapi stripes", createdBy: gone.id });
      await t.database.db.insert(posts).values({ content: "okapi notes", topicId, authorId: gone.id });
      expect(await counts("okapi")).toEqual({ posts: 1, topics: 0, members: 0 });
      expect(await postIds("okapi")).toEqual([shown]);
    });

    it(`stops counting at ${SEARCH_COUNT_LIMIT}: that many means more`, async () => {
      await t.database.db.execute(sql`INSERT INTO topics (title, created_by)
        SELECT 'Gecko number ' || n, ${aliceId} FROM generate_series(1, ${SEARCH_COUNT_LIMIT + 5}) n`);
      await t.database.db.execute(sql`INSERT INTO posts (content, topic_id, author_id)
        SELECT 'gecko ' || n, ${topicId}, ${aliceId} FROM generate_series(1, ${SEARCH_COUNT_LIMIT - 1}) n`);
      expect(await counts("gecko")).toEqual({ posts: SEARCH_COUNT_LIMIT - 1, topics: SEARCH_COUNT_LIMIT, members: 0 });
    });

    it.each([[{ q: "   " }], [{ q: "x".repeat(201) }], [{}]])("refuses %j with 400", async (query) => {
      expect((await alice.get("/api/search/counts").query(query)).status).toBe(400);
    });
  });

  it("is for signed-in members only", async () => {
    const { default: request } = await import("supertest");
    expect((await request(t.app).get("/api/search").query({ q: "cat" })).status).toBe(401);
    expect((await request(t.app).get("/api/search/counts").query({ q: "cat" })).status).toBe(401);
  });
});
