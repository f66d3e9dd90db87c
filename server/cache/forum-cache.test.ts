import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Post, TopicListItem } from "@shared/types";
import { GENERAL_CATEGORY_ID } from "@shared/constants";
import { deleteUpload } from "../commands/delete-upload";
import { startMemberDeletion } from "../commands/delete-user";
import { renderStoredMarkdown } from "../commands/render-stored-markdown";
import { updateProfile } from "../commands/update-profile";
import { uploads } from "../db/schema";
import { createTestApp, createTestAppWithElsewhere, type TestApp, type TestAppWithElsewhere } from "../test/app";
import { insertMember, signedInAgent, type Agent } from "../test/fixtures";
import { eventually, heardSoFar as everyChangeHeard } from "../test/forum-changes-heard";
import { statementsDuring } from "../test/statements";
import { newStoredName, uploadUrl } from "../uploads/files";

const listening = (app: TestApp) =>
  eventually(() => app.forumCaches.topicPages.isListening && app.forumCaches.topicLists.isListening, "the forum caches listen");

/** See heardSoFar: through the test's own connection, as another process would. */
const heardSoFar = (app: TestAppWithElsewhere) => everyChangeHeard(app, (text, values) => app.elsewhere.query(text, values));

/**
 * The per-process cache of the topic list's first page and of topics' posts pages
 * (docs/decisions/037, docs/product.md "Speed"): every change that touches them clears
 * them, here and in other processes; the caller's own parts are added per request; ETag and 304.
 */
describe("the forum cache", () => {
  let t: TestAppWithElsewhere;
  let alice: Agent;
  let aliceId: number;
  let aliceName: string;
  let bob: Agent;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestAppWithElsewhere();
    const a = await insertMember(t.database.db);
    aliceId = a.id;
    aliceName = a.username;
    alice = await signedInAgent(t.app, a.username);
    bob = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    admin = await signedInAgent(t.app, (await insertMember(t.database.db, { isAdmin: true })).username);
  });
  afterAll(() => t.close());
  beforeEach(() => listening(t));

  const newTopic = async (agent: Agent = alice) => ((await agent.post("/api/topics").send({ title: "Cached" }).expect(201)).body as { id: number }).id;
  const newPost = async (topicId: number, agent: Agent = alice, content = "A reply") =>
    (await agent.post(`/api/topics/${topicId}/posts`).send({ content }).expect(201)).body as Post;
  const page = async (topicId: number, agent: Agent = bob) => (await agent.get(`/api/topics/${topicId}/posts`).expect(200)).body as Post[];
  const list = async (agent: Agent = bob) => (await agent.get("/api/topics").expect(200)).body as TopicListItem[];
  const listed = async (topicId: number, agent: Agent = bob) => (await list(agent)).find((topic) => topic.id === topicId);
  /** A write that announces nothing (psql): only what is not cached shows it. */
  const behindItsBack = (text: string, values: unknown[]) => t.elsewhere.query(text, values);

  it("keeps the shared parts: a write nobody announced does not show", async () => {
    const topicId = await newTopic();
    const post = await newPost(topicId);
    await heardSoFar(t);
    await page(topicId);
    await list();
    await behindItsBack("UPDATE posts SET content = 'unannounced', html = '<p>unannounced</p>' WHERE id = $1", [post.id]);
    await behindItsBack("UPDATE topics SET title = 'unannounced' WHERE id = $1", [topicId]);
    expect((await page(topicId))[0]!.content).toBe("A reply");
    expect((await listed(topicId))!.title).toBe("Cached");
  });

  describe("every write clears what it touches", () => {
    it("a new post: its topic's pages, the list, and its author's posts count on other topics' pages", async () => {
      const topicId = await newTopic();
      const elsewhere = await newTopic();
      const first = await newPost(elsewhere);
      expect(await page(topicId)).toEqual([]);
      await list();
      await newPost(topicId);
      expect((await page(topicId)).map((post) => post.content)).toEqual(["A reply"]);
      expect((await listed(topicId))!.postsCount).toBe(1);
      expect((await page(elsewhere)).find((post) => post.id === first.id)!.authorPostsCount).toBe(first.authorPostsCount + 1);
    });

    it("an edited post", async () => {
      const topicId = await newTopic();
      const post = await newPost(topicId);
      await page(topicId);
      await alice.patch(`/api/posts/${post.id}`).send({ content: "Edited" }).expect(200);
      expect((await page(topicId))[0]).toMatchObject({ content: "Edited", isEdited: true });
    });

    it("a deleted post", async () => {
      const topicId = await newTopic();
      const post = await newPost(topicId);
      await page(topicId);
      await list();
      await alice.delete(`/api/posts/${post.id}`).expect(200);
      expect(await page(topicId)).toEqual([]);
      expect((await listed(topicId))!.postsCount).toBe(0);
    });

    it("a new topic", async () => {
      await list();
      const topicId = await newTopic();
      expect(await listed(topicId)).toBeDefined();
    });

    it.each([
      ["its title", { title: "Renamed" }, "alice"],
      ["its pin", { isPinned: true }, "admin"],
      ["its lock", { isLocked: true }, "admin"],
    ] as const)("a topic's change: %s", async (_what, change, who) => {
      const topicId = await newTopic();
      await list();
      await (who === "admin" ? admin : alice).patch(`/api/topics/${topicId}`).send(change).expect(200);
      expect(await listed(topicId)).toMatchObject(change);
    });

    it("a topic moved to another category", async () => {
      const category = (await admin.post("/api/admin/categories").send({ name: "Moves", color: "#336699" }).expect(201)).body as { id: number };
      const topicId = await newTopic();
      await list();
      await alice.patch(`/api/topics/${topicId}`).send({ categoryId: category.id }).expect(200);
      expect((await listed(topicId))!.categoryId).toBe(category.id);
    });

    it("a deleted category, whose topics move", async () => {
      const category = (await admin.post("/api/admin/categories").send({ name: "Doomed", color: "#663399" }).expect(201)).body as { id: number };
      const topicId = ((await alice.post("/api/topics").send({ title: "In doomed", categoryId: category.id }).expect(201)).body as { id: number }).id;
      expect((await listed(topicId))!.categoryId).toBe(category.id);
      await admin.delete(`/api/admin/categories/${category.id}`).send({ moveTo: GENERAL_CATEGORY_ID }).expect(200);
      expect((await listed(topicId))!.categoryId).toBe(GENERAL_CATEGORY_ID);
    });

    it("a deleted topic", async () => {
      const topicId = await newTopic();
      await newPost(topicId);
      await page(topicId);
      await list();
      await admin.delete(`/api/topics/${topicId}`).expect(200);
      await bob.get(`/api/topics/${topicId}/posts`).expect(404);
      expect(await listed(topicId)).toBeUndefined();
    });

    it("a member's new avatar, and their avatar's upload deleted", async () => {
      const topicId = await newTopic();
      await newPost(topicId);
      const filename = newStoredName("png");
      const [upload] = await t.database.db
        .insert(uploads)
        .values({ filename, ownerId: aliceId, kind: "avatar", mimeType: "image/png", sizeBytes: 10 })
        .returning();
      await page(topicId);
      await list();
      await updateProfile(t.database.db, aliceId, { avatar: uploadUrl(filename) }, { mailer: t.mail.mailer, notice: () => ({ subject: "", text: "", html: "" }) });
      expect((await page(topicId))[0]!.authorAvatar).toBe(uploadUrl(filename));
      expect((await listed(topicId))!.authorAvatar).toBe(uploadUrl(filename));
      await deleteUpload(t.database.db, upload!);
      expect((await page(topicId))[0]!.authorAvatar).toBeNull();
      expect((await listed(topicId))!.authorAvatar).toBeNull();
    });

    it("a member deleted: their topics and posts go at once", async () => {
      const leaver = await insertMember(t.database.db);
      const agent = await signedInAgent(t.app, leaver.username);
      const theirs = await newTopic(agent);
      const others = await newTopic();
      await newPost(others, agent);
      await page(others);
      await page(theirs);
      await list();
      await startMemberDeletion(t.database.db, { userId: leaver.id, requestedBy: null, content: "erase" });
      expect(await page(others)).toEqual([]);
      await bob.get(`/api/topics/${theirs}/posts`).expect(404);
      expect(await listed(theirs)).toBeUndefined();
    });

    it("posts rendered by the Markdown backfill", async () => {
      const topicId = await newTopic();
      // Until the backfill reaches a post, its @names show as text (presenters/markdown-html.ts).
      const post = await newPost(topicId, alice, `@${aliceName}`);
      await behindItsBack("UPDATE posts SET html = NULL WHERE id = $1", [post.id]);
      expect((await page(topicId))[0]!.html).not.toContain("<a");
      await renderStoredMarkdown(t.database.db);
      expect((await page(topicId))[0]!.html).toContain("<a");
    });
  });

  it("adds each caller's own parts to the same cached page: what they may do, their reactions, their unread state", async () => {
    const topicId = await newTopic();
    const post = await newPost(topicId);
    await bob.put(`/api/posts/${post.id}/reactions/like`).expect(200);
    // Bob has the topic in his list but never opened it; alice read her own post.
    const [forAlice, forBob] = [(await page(topicId, alice))[0]!, (await page(topicId, bob))[0]!];
    expect(forAlice).toMatchObject({ canEdit: true, reactions: [{ reaction: "like", count: 1, reacted: false }] });
    expect(forBob).toMatchObject({ canEdit: false, reactions: [{ reaction: "like", count: 1, reacted: true }] });
    await newPost(topicId, admin);
    await bob.put(`/api/topics/${topicId}/read`).send({ postId: post.id }).expect(200);
    expect(await listed(topicId, alice)).toMatchObject({ unreadCount: 1, isNew: false });
    expect(await listed(topicId, bob)).toMatchObject({ unreadCount: 1, isNew: false });
    await alice.put(`/api/topics/${topicId}/read`).send({ postId: (await page(topicId))[1]!.id }).expect(200);
    expect(await listed(topicId, alice)).toMatchObject({ unreadCount: 0 });
    expect(await listed(topicId, bob)).toMatchObject({ unreadCount: 1 });
  });

  it("keeps what its readers differ by with the page: a reaction, bookmark, flag or block shows to its member and to nobody else, from a page read with no statement", async () => {
    const topicId = await newTopic();
    const post = await newPost(topicId);
    const [flagger, other] = [await insertMember(t.database.db), await insertMember(t.database.db)];
    // The member who changes things, the same member on another device, and someone else.
    const writer = await signedInAgent(t.app, flagger.username);
    const [reader, bystander] = [await signedInAgent(t.app, flagger.username), await signedInAgent(t.app, other.username)];
    const mine = async (agent: Agent) => (await page(topicId, agent)).find((shown) => shown.id === post.id)!;
    const parts = (shown: Post) => ({ reactions: shown.reactions, bookmarked: shown.bookmarked, viewerFlagged: shown.viewerFlagged, authorBlocked: shown.authorBlocked });
    const nothing: ReturnType<typeof parts> = { reactions: [], bookmarked: false, viewerFlagged: false, authorBlocked: false };
    expect(parts(await mine(reader))).toEqual(nothing);
    await heardSoFar(t);

    // Each change on its own, the page kept again between them: each must clear it.
    const liked: Post["reactions"] = [{ reaction: "like", count: 1, reacted: true }];
    const changes = [
      { change: () => writer.put(`/api/posts/${post.id}/reactions/like`).expect(200), shows: { reactions: liked } },
      { change: () => writer.put(`/api/bookmarks/posts/${post.id}`).send({}).expect(200), shows: { bookmarked: true } },
      { change: () => writer.post("/api/flags").send({ targetType: "post", targetId: post.id, reason: "spam" }).expect(201), shows: { viewerFlagged: true } },
      { change: () => writer.put(`/api/blocks/${aliceName}`).expect(204), shows: { authorBlocked: true } },
    ];
    let expected: ReturnType<typeof parts> = nothing;
    for (const { change, shows } of changes) {
      await change();
      // Its announcement heard twice (see heardSoFar): the page the reads keep stays until the next change.
      await heardSoFar(t);
      expected = { ...expected, ...shows };
      expect(parts(await mine(writer))).toEqual(expected);
      expect(parts(await mine(reader))).toEqual(expected);
      expect(parts(await mine(bystander))).toEqual({ ...nothing, reactions: [{ reaction: "like", count: 1, reacted: false }] });
    }
    const everything = expected;
    // Read again, the kept page answers with no statement at all, whoever reads.
    await heardSoFar(t);
    await mine(reader);
    const sent = await statementsDuring(async () => {
      expect(parts(await mine(reader))).toEqual(everything);
      expect(parts(await mine(bystander)).reactions).toEqual([{ reaction: "like", count: 1, reacted: false }]);
    });
    expect(sent.filter((statement) => statement.name !== "read_session").map((statement) => statement.name ?? statement.text)).toEqual([]);

    const undone = [
      { change: () => writer.delete(`/api/posts/${post.id}/reactions/like`).expect(200), shows: { reactions: [] } },
      { change: () => writer.delete(`/api/bookmarks/posts/${post.id}`).expect(204), shows: { bookmarked: false } },
      { change: () => writer.delete(`/api/blocks/${aliceName}`).expect(204), shows: { authorBlocked: false } },
    ];
    for (const { change, shows } of undone) {
      await change();
      await heardSoFar(t);
      expected = { ...expected, ...shows };
      expect(parts(await mine(reader))).toEqual(expected);
    }
    expect(parts(await mine(bystander))).toEqual(nothing);
  });

  it("gives each reader the state of every kept topic that the lists read from the database give", async () => {
    const startedBefore = await newTopic();
    const carolMember = await insertMember(t.database.db);
    const carol = await signedInAgent(t.app, carolMember.username);
    const [neverOpened, halfRead, readToEnd, watched, mutedAndRead] = [await newTopic(), await newTopic(), await newTopic(), await newTopic(), await newTopic()];
    const [first] = [await newPost(halfRead), await newPost(halfRead), await newPost(halfRead)];
    const last = await newPost(readToEnd);
    await carol.put(`/api/topics/${halfRead}/read`).send({ postId: first!.id }).expect(200);
    await carol.put(`/api/topics/${readToEnd}/read`).send({ postId: last.id }).expect(200);
    await carol.put(`/api/topics/${watched}/notification-level`).send({ level: "watching" }).expect(200);
    await carol.put(`/api/topics/${mutedAndRead}/notification-level`).send({ level: "muted" }).expect(200);
    await carol.put(`/api/topics/${mutedAndRead}/read`).send({ postId: 0 }).expect(200);

    const ids = [startedBefore, neverOpened, halfRead, readToEnd, watched, mutedAndRead];
    const kept = (await list(carol)).filter((topic) => ids.includes(topic.id));
    // These topics are in General: the category's list is not kept, its state computed in SQL.
    const fromTheDatabase = ((await carol.get("/api/topics?category=general").expect(200)).body as TopicListItem[]).filter((topic) => ids.includes(topic.id));
    expect(kept).toEqual(fromTheDatabase);
    const stateOf = (id: number) => {
      const topic = kept.find((item) => item.id === id)!;
      return [topic.isNew, topic.unreadCount, topic.notificationLevel];
    };
    expect(ids.map(stateOf)).toEqual([
      [false, 0, "tracking"],
      [true, 0, "tracking"],
      [false, 2, "tracking"],
      [false, 0, "tracking"],
      [true, 0, "watching"],
      [false, 0, "muted"],
    ]);
  });

  it("answers with an ETag over the caller's answer: 304 while it matches, 200 once the page changes", async () => {
    const topicId = await newTopic();
    await newPost(topicId);
    for (const path of [`/api/topics/${topicId}/posts`, "/api/topics"]) {
      const first = await bob.get(path).expect(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const again = await bob.get(path).set("If-None-Match", etag).expect(304);
      expect(again.text ?? "").toBe("");
      // Another member's answer differs (what they may do): so does its tag.
      expect((await alice.get(path).expect(200)).headers.etag).not.toBe(etag);
    }
    const etag = (await bob.get(`/api/topics/${topicId}/posts`)).headers.etag as string;
    await newPost(topicId);
    const changed = await bob.get(`/api/topics/${topicId}/posts`).set("If-None-Match", etag).expect(200);
    expect(changed.body).toHaveLength(2);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("caches nothing while the LISTEN connection is down, and starts empty once it is back", async () => {
    const topicId = await newTopic();
    const post = await newPost(topicId);
    await page(topicId);
    await t.listener.dropConnectionForTest();
    await eventually(() => !t.forumCaches.topicPages.isListening, "the cache hears that the connection dropped");
    for (const content of ["first unannounced", "second unannounced"]) {
      await behindItsBack("UPDATE posts SET content = $2 WHERE id = $1", [post.id, content]);
      // Whether or not the connection is back meanwhile, what was cached before is gone.
      expect((await page(topicId))[0]!.content).toBe(content);
    }
    await listening(t);
  });

  it("is cleared in another process sharing the database, by NOTIFY", async () => {
    const other = await createTestApp({}, { database: t.database });
    try {
      await listening(other);
      const bobThere = await signedInAgent(other.app, (await insertMember(t.database.db)).username);
      const topicId = await newTopic();
      const post = await newPost(topicId);
      await bobThere.get(`/api/topics/${topicId}/posts`).expect(200);
      await bobThere.get("/api/topics").expect(200);
      await alice.patch(`/api/posts/${post.id}`).send({ content: "Seen over there" }).expect(200);
      await alice.patch(`/api/topics/${topicId}`).send({ title: "Renamed here" }).expect(200);
      await eventually(
        async () => ((await bobThere.get(`/api/topics/${topicId}/posts`)).body as Post[])[0]!.content === "Seen over there",
        "the other process shows the edit",
      );
      await eventually(
        async () => ((await bobThere.get("/api/topics")).body as TopicListItem[]).some((topic) => topic.title === "Renamed here"),
        "the other process shows the new title",
      );
    } finally {
      await other.close();
    }
  });
});

/**
 * Top over a day … year's first page, kept like the plain list (docs/decisions/051): the same answer
 * as Top read from the database, cleared by every list change, and by time alone once its oldest
 * counted post leaves the period.
 */
describe("the kept Top over a period", () => {
  let t: TestAppWithElsewhere;
  let alice: Agent;
  let carol: Agent;

  beforeAll(async () => {
    t = await createTestAppWithElsewhere();
    alice = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    carol = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
  });
  afterAll(() => t.close());
  beforeEach(() => listening(t));

  const newTopic = async (title: string) => ((await alice.post("/api/topics").send({ title }).expect(201)).body as { id: number }).id;
  const newPosts = async (topicId: number, count: number) => {
    const made: Post[] = [];
    for (let i = 0; i < count; i++) made.push((await alice.post(`/api/topics/${topicId}/posts`).send({ content: "A reply" }).expect(201)).body as Post);
    return made;
  };
  const top = async (query: Record<string, string>, agent = carol) => (await agent.get("/api/topics").query({ filter: "top", ...query }).expect(200)).body as TopicListItem[];

  it("answers as Top read from the database does, with each reader's own state", async () => {
    const [quiet, two, three, one] = [await newTopic("Quiet"), await newTopic("Two"), await newTopic("Three"), await newTopic("One")];
    await newPosts(two, 2);
    const [firstOfThree] = await newPosts(three, 3);
    await newPosts(one, 1);
    await carol.put(`/api/topics/${three}/read`).send({ postId: firstOfThree!.id }).expect(200);
    await carol.put(`/api/topics/${quiet}/notification-level`).send({ level: "watching" }).expect(200);
    for (const period of ["day", "week", "month", "year"]) {
      const kept = await top({ period });
      expect(kept.map((topic) => topic.id)).toEqual([three, two, one, quiet]);
      // Every topic is in General: the category's Top is read from the database per request.
      expect(kept).toEqual(await top({ period, category: "general" }));
    }
    expect((await top({ period: "month" })).map((topic) => [topic.unreadCount, topic.notificationLevel])).toEqual([
      [2, "tracking"],
      [0, "tracking"],
      [0, "tracking"],
      [0, "watching"],
    ]);
  });

  it("keeps its page between changes, and a new post reorders it at once", async () => {
    const climber = await newTopic("Climber");
    await heardSoFar(t);
    const before = await top({ period: "week" });
    await t.elsewhere.query("UPDATE topics SET title = 'unannounced' WHERE id = $1", [climber]);
    expect((await top({ period: "week" })).find((topic) => topic.id === climber)!.title).toBe("Climber");
    expect(before[0]!.id).not.toBe(climber);
    await newPosts(climber, 5);
    expect((await top({ period: "week" }))[0]).toMatchObject({ id: climber, title: "unannounced", postsCount: 5 });
  });

  it("is read again once its oldest post has left the period, with nothing announced", async () => {
    const fading = await newTopic("Fading");
    const [post] = await newPosts(fading, 1);
    // Written (before the page is kept) to leave the day in 20 seconds (triggers move its daily count).
    await t.elsewhere.query("UPDATE posts SET created_at = now() - interval '1 day' + interval '20 seconds' WHERE id = $1", [post!.id]);
    await heardSoFar(t);
    expect((await top({ period: "day" })).some((topic) => topic.id === fading)).toBe(true);
    await t.elsewhere.query("UPDATE topics SET title = 'unannounced' WHERE id = $1", [fading]);
    expect((await top({ period: "day" })).find((topic) => topic.id === fading)!.title).toBe("Fading");
    // Half a minute on: the post has left the day, and the page is read again (well within the
    // minute after which any kept page is).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 30_000 });
    try {
      expect((await top({ period: "day" })).find((topic) => topic.id === fading)!.title).toBe("unannounced");
    } finally {
      vi.useRealTimers();
    }
  });
});
