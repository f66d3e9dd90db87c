import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification, ReviewPage } from "@shared/types";
import { channels, publish } from "../../events/channels";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, signedInAgent } from "../../test/fixtures";
import { WatchedWords } from "../../watched-words/watched-words";

const BLOCKED = (word: string) => ({ message: `Your post contains a word that is not allowed: ${word}` });

/** docs/product.md "Watched words": block, flag and censor on every kind of text a member writes. */
describe("watched words on what members write", () => {
  let t: TestApp;
  let admin: Agent;
  let alice: Agent;
  let bob: Agent;
  let bobId: number;
  let bobName: string;
  let topicId: number;
  let postId: number;
  let conversationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAgent(t.app, (await insertMember(t.database.db, { isAdmin: true })).username);
    const a = await insertMember(t.database.db);
    const b = await insertMember(t.database.db);
    [bobId, bobName] = [b.id, b.username];
    alice = await signedInAgent(t.app, a.username);
    bob = await signedInAgent(t.app, b.username);
    for (const [word, action] of [["spamword", "block"], ["crème brûlée", "block"], ["flagme*", "flag"], ["darn", "censor"]]) {
      expect((await admin.post("/api/admin/watched-words").send({ word, action })).status).toBe(201);
    }
    topicId = (await alice.post("/api/topics").send({ title: "A clean topic", description: "Clean" })).body.id;
    postId = (await alice.post(`/api/topics/${topicId}/posts`).send({ content: "A clean reply" })).body.id;
    conversationId = (await alice.post("/api/conversations").send({ usernames: [bobName], content: "Hello" })).body.id;
  });
  afterAll(() => t.close());

  describe("block: 400 naming the word, nothing stored", () => {
    const writes: [string, (text: string) => Promise<{ status: number; body: unknown }>][] = [
      ["a topic's title", (text) => alice.post("/api/topics").send({ title: `About ${text}` })],
      ["a topic's opener", (text) => alice.post("/api/topics").send({ title: "Fine title", description: `About ${text}` })],
      ["a topic's new title", (text) => alice.patch(`/api/topics/${topicId}`).send({ title: `Now ${text}` })],
      ["a topic's new opener", (text) => alice.patch(`/api/topics/${topicId}`).send({ description: `Now ${text}` })],
      ["a reply", (text) => alice.post(`/api/topics/${topicId}/posts`).send({ content: `Hi ${text}.` })],
      ["a reply's edit", (text) => alice.patch(`/api/posts/${postId}`).send({ content: `Hi ${text}.` })],
      ["a profile comment", (text) => alice.post(`/api/users/${bobId}/comments`).send({ content: `Hi ${text}` })],
      ["a new conversation", (text) => alice.post("/api/conversations").send({ usernames: [bobName], content: `Hi ${text}` })],
      ["a new conversation's title", (text) => alice.post("/api/conversations").send({ usernames: [bobName], title: text, content: "Hi" })],
      ["a message", (text) => alice.post(`/api/conversations/${conversationId}/messages`).send({ content: `Hi ${text}` })],
    ];

    it.each(writes)("%s, in any case and with accents", async (_kind, write) => {
      for (const text of ["Spamword", "spamwórd", "SPAMWORD", "Crème Brûlée", "creme   brulee"]) {
        const res = await write(text);
        expect(res.status, text).toBe(400);
        expect(res.body).toEqual(BLOCKED(text));
      }
    });

    it("only whole words: a longer word containing it is fine", async () => {
      expect((await alice.post(`/api/topics/${topicId}/posts`).send({ content: "antispamwords are fine" })).status).toBe(201);
    });

    it("stored nothing", async () => {
      const [counts] = (
        await t.database.db.execute<{ posts: number; topics: number; comments: number; messages: number }>(sql`
          SELECT (SELECT count(*)::int FROM posts WHERE content ILIKE '%spamw%' AND content NOT ILIKE '%antispamwords%') AS posts,
            (SELECT count(*)::int FROM topics WHERE title ILIKE '%spam%' OR description ILIKE '%spam%') AS topics,
            (SELECT count(*)::int FROM profile_comments) AS comments,
            (SELECT count(*)::int FROM messages WHERE content ILIKE '%spam%') AS messages`)
      ).rows;
      expect(counts).toEqual({ posts: 0, topics: 0, comments: 0, messages: 0 });
      const topic = (await alice.get(`/api/topics/${topicId}`)).body;
      expect(topic).toMatchObject({ title: "A clean topic", descriptionHtml: "<p>Clean</p>\n" });
    });
  });

  describe("flag: posted, and at once in the review queue as the site's flag", () => {
    const pending = async () => (await admin.get("/api/review")).body as ReviewPage;
    const itemFor = async (type: string, id: number) => (await pending()).items.find((item) => item.targetType === type && item.targetId === id);

    it.each([
      ["post", async () => (await alice.post(`/api/topics/${topicId}/posts`).send({ content: "Such a FLAGMEnow post" })).body.id as number],
      ["post", async () => {
        const id = (await alice.post(`/api/topics/${topicId}/posts`).send({ content: "Clean at first" })).body.id as number;
        expect((await alice.patch(`/api/posts/${id}`).send({ content: "Then flágme" })).status).toBe(200);
        return id;
      }],
      ["topic", async () => (await alice.post("/api/topics").send({ title: "Flagme in a title" })).body.id as number],
      ["topic", async () => (await alice.post("/api/topics").send({ title: "Fine", description: "flagme below" })).body.id as number],
      ["comment", async () => (await alice.post(`/api/users/${bobId}/comments`).send({ content: "A flagme comment" })).body.id as number],
      ["message", async () => (await alice.post(`/api/conversations/${conversationId}/messages`).send({ content: "A flagme message" })).body.id as number],
    ])("a %s", async (type, write) => {
      const id = await write();
      expect(id).toBeTypeOf("number");
      const item = await itemFor(type, id);
      expect(item?.status).toBe("pending");
      expect(item?.target.authorUsername).not.toBeNull();
      expect(item?.flags).toEqual([{ reason: "watched_word", note: "flagme*", byUsername: null, createdAt: expect.any(String) }]);
    });

    it("shows the flagged text to readers (a flag does not hide)", async () => {
      const id = (await alice.post(`/api/topics/${topicId}/posts`).send({ content: "Visible flagme" })).body.id as number;
      const page = (await bob.get(`/api/topics/${topicId}/posts?limit=100`)).body;
      const post = (page.posts ?? page).find((row: { id: number }) => row.id === id);
      expect(post).toMatchObject({ hidden: false, html: "<p>Visible flagme</p>\n" });
    });

    it("staff removing a flagged post tell its author it was for a watched word", async () => {
      const id = (await alice.post(`/api/topics/${topicId}/posts`).send({ content: "Removed flagme" })).body.id as number;
      const item = (await itemFor("post", id))!;
      expect((await admin.post(`/api/review/${item.id}`).send({ action: "delete", note: "Not here" })).status).toBe(200);
      const notices = (await alice.get("/api/notifications")).body.notifications as Notification[];
      expect(notices.find((notice) => notice.type === "moderation" && notice.moderationAction === "post_delete"), JSON.stringify(notices)).toMatchObject({
        type: "moderation", moderationAction: "post_delete", moderationReason: "watched_word", moderationNote: "Not here",
      });
    });

    it("a second edit with the word raises no second flag on the pending item", async () => {
      const id = (await alice.post(`/api/topics/${topicId}/posts`).send({ content: "flagme once" })).body.id as number;
      await alice.patch(`/api/posts/${id}`).send({ content: "flagme twice" });
      expect((await itemFor("post", id))?.flags).toHaveLength(1);
    });
  });

  describe("censor: ■■■ in html and plain text, the source kept for its author", () => {
    it("in a reply: html for every reader, the source in the author's edit form", async () => {
      const created = await alice.post(`/api/topics/${topicId}/posts`).send({ content: "Well **DARN** it, dárn." });
      expect(created.status).toBe(201);
      expect(created.body.html).toBe("<p>Well <strong>■■■</strong> it, ■■■.</p>\n");
      expect(created.body.content).toBe("Well **DARN** it, dárn.");
      const page = (await bob.get(`/api/topics/${topicId}/posts?limit=100`)).body;
      const post = (page.posts ?? page).find((row: { id: number }) => row.id === created.body.id);
      expect(post.html).toBe("<p>Well <strong>■■■</strong> it, ■■■.</p>\n");
      // Others read the source censored too; its author and staff read it as written.
      expect(post.content).toBe("Well **■■■** it, ■■■.");
      for (const [agent, content] of [[alice, "Well **DARN** it, dárn."], [admin, "Well **DARN** it, dárn."]] as const) {
        const own = (await agent.get(`/api/topics/${topicId}/posts?limit=100`)).body;
        expect((own.posts ?? own).find((row: { id: number }) => row.id === created.body.id).content).toBe(content);
      }
      const [stored] = (await t.database.db.execute<{ plain_text: string }>(sql`SELECT plain_text FROM posts WHERE id = ${created.body.id}`)).rows;
      expect(stored!.plain_text).toBe("Well ■■■ it, ■■■.");
    });

    it("in an edit", async () => {
      const edited = await alice.patch(`/api/posts/${postId}`).send({ content: "Edited darn" });
      expect(edited.status).toBe(200);
      expect(edited.body.html).toBe("<p>Edited ■■■</p>\n");
    });

    it("in a topic's title and opener", async () => {
      const created = await alice.post("/api/topics").send({ title: "Darn title", description: "A darn opener" });
      expect(created.status).toBe(201);
      const topic = (await bob.get(`/api/topics/${created.body.id}`)).body;
      expect(topic).toMatchObject({ title: "■■■ title", description: "A ■■■ opener", descriptionHtml: "<p>A ■■■ opener</p>\n" });
      expect((await alice.get(`/api/topics/${created.body.id}`)).body.description).toBe("A darn opener");
      await alice.patch(`/api/topics/${created.body.id}`).send({ title: "Still darn", description: "Darn again" });
      expect((await bob.get(`/api/topics/${created.body.id}`)).body).toMatchObject({ title: "Still ■■■", descriptionHtml: "<p>■■■ again</p>\n" });
    });

    it("in a profile comment", async () => {
      const created = await alice.post(`/api/users/${bobId}/comments`).send({ content: "darn nice profile" });
      expect(created.status).toBe(201);
      expect(created.body.html).toBe("<p>■■■ nice profile</p>\n");
      expect(created.body.content).toBe("darn nice profile");
      const seenBy = async (agent: Agent) => ((await agent.get(`/api/users/${bobId}/comments`)).body as { id: number; content: string }[]).find((row) => row.id === created.body.id)!.content;
      expect(await seenBy(bob)).toBe("■■■ nice profile");
      expect(await seenBy(alice)).toBe("darn nice profile");
      expect(await seenBy(admin)).toBe("darn nice profile");
      const activity = (await bob.get(`/api/users/${(await alice.get("/api/auth/user")).body.username}/activity?type=comments`)).body;
      expect(activity.items.find((item: { id: number }) => item.id === created.body.id).content).toBe("■■■ nice profile");
    });

    it("in a message and the conversation's excerpt", async () => {
      const sent = await alice.post(`/api/conversations/${conversationId}/messages`).send({ content: "oh darn" });
      expect(sent.status).toBe(201);
      expect(sent.body.html).toBe("<p>oh ■■■</p>\n");
      expect(sent.body.content).toBe("oh darn");
      const read = async (agent: Agent) => ((await agent.get(`/api/conversations/${conversationId}/messages`)).body.messages as { id: number; content: string }[]).find((row) => row.id === sent.body.id)!.content;
      expect(await read(alice)).toBe("oh darn");
      expect(await read(bob)).toBe("oh ■■■");
      const list = (await bob.get("/api/conversations")).body;
      const conversation = list.conversations.find((row: { id: number }) => row.id === conversationId);
      expect(conversation.lastMessage.excerpt).toBe("oh ■■■");
    });
  });

  it("a removed word no longer applies, at once", async () => {
    const added = await admin.post("/api/admin/watched-words").send({ word: "fleeting", action: "block" });
    expect((await alice.post(`/api/topics/${topicId}/posts`).send({ content: "fleeting" })).status).toBe(400);
    expect((await admin.delete(`/api/admin/watched-words/${added.body.id}`)).status).toBe(204);
    expect((await alice.post(`/api/topics/${topicId}/posts`).send({ content: "fleeting" })).status).toBe(201);
  });

  it("another process's list is cleared by watched_words_changed", async () => {
    const other = new WatchedWords(t.database.db);
    const heard = new Promise<void>((resolve) => {
      const original = other.changed.bind(other);
      let calls = 0;
      other.changed = () => {
        original();
        // The first call is `listening`; the second, the notification.
        if (++calls === 2) resolve();
      };
    });
    other.listenOn(t.listener);
    await expect.poll(async () => (await other.matcher()).blocked("spamword")?.word, { timeout: 5_000 }).toBe("spamword");
    await t.database.db.execute(sql`INSERT INTO watched_words (word, key, action) VALUES ('elsewhere', 'elsewhere', 'block')`);
    expect((await other.matcher()).blocked("elsewhere")).toBeNull();
    await publish(t.database.db, channels.watchedWordsChanged, "");
    await heard;
    expect((await other.matcher()).blocked("elsewhere")?.word).toBe("elsewhere");
  });
});
