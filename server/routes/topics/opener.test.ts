import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification, Post, PostRevisions, PostReactors, ReviewItem, ReviewPage, Topic, TopicDetail, TopicListItem, TopicSearchResult } from "@shared/types";
import { notificationText } from "@shared/notification-text";
import { renderStoredMarkdown } from "../../commands/render-stored-markdown";
import { unreadMail } from "../../mail/templates";
import { presentNotification } from "../../presenters/notification";
import { presentNotificationPush } from "../../presenters/push";
import { listUnreadNotifications } from "../../queries/notifications";
import { notifications, topics, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, signedInAgent } from "../../test/fixtures";

/** docs/product.md "The opener is a post": a topic's opening text rendered, reacted to, flagged and revised like a post. */
describe("the opener is a post", () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let moderator: Member;

  interface Member {
    id: number;
    username: string;
    agent: Agent;
  }

  const newMember = async (values: Partial<typeof users.$inferInsert> = {}): Promise<Member> => {
    const member = await insertMember(t.database.db, values);
    return { id: member.id, username: member.username, agent: await signedInAgent(t.app, member.username) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await newMember();
    bob = await newMember();
    carol = await newMember();
    moderator = await newMember({ isModerator: true });
  });
  afterAll(() => t.close());

  const MARKDOWN = "Read **the** rules.\n\n> quoted words\n\n| a | b |\n|---|---|\n| 1 | 2 |";
  let words = 0;
  const newTopic = async (description: string | undefined = MARKDOWN, by: Member = alice) => {
    const res = await by.agent.post("/api/topics").send({ title: `Opener ${++words}`, ...(description === undefined ? {} : { description }) });
    expect(res.status).toBe(201);
    return res.body as Topic;
  };
  const topicAs = async (viewer: Member, id: number) => (await viewer.agent.get(`/api/topics/${id}`)).body as TopicDetail;
  const listed = async (viewer: Member, id: number) => ((await viewer.agent.get("/api/topics?limit=100")).body as TopicListItem[]).find((topic) => topic.id === id);
  const noticesOf = async (member: Member) => ((await member.agent.get("/api/notifications")).body.notifications as Notification[]);

  describe("rendered like a post", () => {
    it("answers the opener rendered and as plain text, never its Markdown source, on the topic, in the list and in search", async () => {
      const created = await newTopic(`${MARKDOWN}\n\nquokkaword`);
      expect(created.description).toContain("**the**");
      expect(created.descriptionHtml).toContain("<strong>the</strong>");
      expect(created.descriptionHtml).toContain("<blockquote>");
      expect(created.descriptionHtml).toContain("<table>");
      expect(created.descriptionEdited).toBe(false);
      expect(created.descriptionHidden).toBe(false);

      const detail = await topicAs(bob, created.id);
      expect(detail.descriptionHtml).toBe(created.descriptionHtml);
      for (const text of [detail.descriptionText, (await listed(bob, created.id))!.descriptionText]) {
        expect(text).toContain("Read the rules.");
        expect(text).not.toMatch(/\*\*|\|---|^>/m);
      }
      const found = (await bob.agent.get(`/api/search?type=topics&q=quokkaword`)).body.results as TopicSearchResult[];
      expect(found).toHaveLength(1);
      expect(found[0]!.description).toContain("Read the rules.");
      expect(found[0]!.description).not.toContain("**");
    });

    it("has no HTML or text without a description", async () => {
      const created = await newTopic("");
      expect(created).toMatchObject({ description: null, descriptionHtml: null, descriptionText: null, reactions: [] });
    });

    it("shows a topic written before the opener was rendered rendered, and the backfill stores it", async () => {
      const created = await newTopic();
      // As a topic written before this change: the description alone.
      await t.database.db.update(topics).set({ descriptionHtml: null, descriptionText: null }).where(eq(topics.id, created.id));
      const before = await topicAs(bob, created.id);
      expect(before.descriptionHtml).toContain("<strong>the</strong>");
      expect(before.descriptionText).toContain("Read the rules.");

      expect(await renderStoredMarkdown(t.database.db)).toBeGreaterThanOrEqual(1);
      const [stored] = await t.database.db.select({ html: topics.descriptionHtml, text: topics.descriptionText }).from(topics).where(eq(topics.id, created.id));
      expect(stored!.html).toContain("<table>");
      expect(stored!.text).toContain("quoted words");
      expect(await renderStoredMarkdown(t.database.db)).toBe(0);
    });

    it("tells the members the opener mentions, as a post's mention, once", async () => {
      const created = await newTopic(`Hello @${carol.username}`);
      const mentions = (await noticesOf(carol)).filter((notice) => notice.type === "mention" && notice.topicId === created.id);
      expect(mentions).toHaveLength(1);
      expect(mentions[0]).toMatchObject({ postId: null, actor: { username: alice.username } });
      await alice.agent.patch(`/api/topics/${created.id}`).send({ description: `Hello again @${carol.username}` });
      expect((await noticesOf(carol)).filter((notice) => notice.type === "mention" && notice.topicId === created.id)).toHaveLength(1);
    });
  });

  describe("its text elsewhere", () => {
    it("shows in the author's activity as plain text, and a mention of it reaches the bell, mail and push by the topic's title, never its source", async () => {
      const created = await newTopic(`${MARKDOWN}\n\nHello @${carol.username}`);
      const items = (await bob.agent.get(`/api/users/${alice.username}/activity?type=topics`)).body.items as { id: number; content: string }[];
      const item = items.find((each) => each.id === created.id)!;
      expect(item.content).toContain("Read the rules.");
      expect(item.content).not.toMatch(/\*\*|\|---|^>/m);
      const [row] = (await listUnreadNotifications(t.database.db, carol.id, 50)).filter((each) => each.topicId === created.id && each.type === "mention");
      const notice = presentNotification(row!);
      const push = presentNotificationPush(row!, "Community");
      const mail = unreadMail({ name: "Community", origin: "https://example.test" }, "away", carol.username, { notifications: [notice], notificationCount: 1, conversations: [] }, "token");
      for (const text of [notificationText(notice), push.body, mail.text, mail.html]) {
        expect(text).toContain(created.title);
        expect(text).not.toContain("**the**");
        expect(text).not.toContain("|---|");
      }
    });
  });

  describe("reactions", () => {
    const react = (by: Member, id: number, reaction = "like") => by.agent.put(`/api/topics/${id}/reactions/${reaction}`);
    const unreact = (by: Member, id: number, reaction = "like") => by.agent.delete(`/api/topics/${id}/reactions/${reaction}`);

    it("gives and takes back a reaction, answered as a post's, and carried by the topic", async () => {
      const { id } = await newTopic();
      const given = await react(bob, id);
      expect(given.status).toBe(200);
      expect(given.body).toEqual({ reactions: [{ reaction: "like", count: 1, reacted: true }] });
      expect((await react(bob, id)).body).toEqual(given.body);
      await react(carol, id, "love");
      expect((await topicAs(bob, id)).reactions).toEqual([
        { reaction: "like", count: 1, reacted: true },
        { reaction: "love", count: 1, reacted: false },
      ]);
      expect((await topicAs(alice, id)).canReact).toBe(false);
      expect((await topicAs(bob, id)).canReact).toBe(true);
      const reactors = (await alice.agent.get(`/api/topics/${id}/reactions`)).body as PostReactors;
      expect(reactors.reactions.map((each) => [each.reaction, each.members.map((member) => member.username)])).toEqual([
        ["like", [bob.username]],
        ["love", [carol.username]],
      ]);
      const taken = await unreact(bob, id);
      expect(taken.body).toEqual({ reactions: [{ reaction: "love", count: 1, reacted: false }] });
      expect((await unreact(bob, id)).status).toBe(200);
    });

    it("refuses the author's own topic (403), an unknown reaction (400), a missing topic (404) and a silenced member (403)", async () => {
      const { id } = await newTopic();
      expect(await react(alice, id)).toMatchObject({ status: 403, body: { message: "You cannot react to your own post" } });
      expect((await react(bob, id, "thumbsup")).status).toBe(400);
      expect((await react(bob, 2_000_000_000)).status).toBe(404);
      expect((await bob.agent.get("/api/topics/2000000000/reactions")).status).toBe(404);
      expect((await react(bob, Number.NaN)).status).toBe(404);
      const silenced = await newMember({ silencedUntil: new Date(Date.now() + 86_400_000) });
      expect((await react(silenced, id)).status).toBe(403);
      expect((await topicAs(silenced, id)).canReact).toBe(false);
    });

    it("tells the topic's author, one unread notification counting reactions, withdrawn when taken back, read with the topic", async () => {
      const { id } = await newTopic();
      await react(bob, id);
      await react(carol, id, "wow");
      const reactionsOf = async () => (await noticesOf(alice)).filter((notice) => notice.type === "reaction" && notice.topicId === id);
      expect(await reactionsOf()).toEqual([expect.objectContaining({ postId: null, count: 2, actor: expect.objectContaining({ username: carol.username }) })]);
      await unreact(carol, id, "wow");
      expect(await reactionsOf()).toEqual([expect.objectContaining({ count: 1, actor: expect.objectContaining({ username: bob.username }) })]);
      await unreact(bob, id);
      expect(await reactionsOf()).toEqual([]);
      await react(bob, id);
      await alice.agent.put(`/api/topics/${id}/read`).send({ postId: 0 });
      const [notice] = await t.database.db
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(sql`${notifications.topicId} = ${id} AND ${notifications.type} = 'reaction'`);
      expect(notice!.readAt).not.toBeNull();
    });
  });

  describe("revisions", () => {
    it("keeps the previous text when the author edits the description, newest first", async () => {
      const created = await newTopic("First **text**");
      const unchanged = await alice.agent.patch(`/api/topics/${created.id}`).send({ title: "Renamed", description: "First **text**" });
      expect(unchanged.body.descriptionEdited).toBe(false);
      const edited = await alice.agent.patch(`/api/topics/${created.id}`).send({ description: "Second _text_" });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ descriptionEdited: true, description: "Second _text_", descriptionHtml: "<p>Second <em>text</em></p>\n" });
      await alice.agent.patch(`/api/topics/${created.id}`).send({ description: null });

      const res = await bob.agent.get(`/api/topics/${created.id}/revisions`);
      expect(res.status).toBe(200);
      const { revisions } = res.body as PostRevisions;
      expect(revisions.map((revision) => [revision.version, revision.content])).toEqual([
        [3, ""],
        [2, "Second _text_"],
        [1, "First **text**"],
      ]);
      expect(revisions[2]!.html).toContain("<strong>text</strong>");
      expect((await bob.agent.get("/api/topics/2000000000/revisions")).status).toBe(404);
    });

    it("answers a topic never edited as its one text", async () => {
      const created = await newTopic("Only text");
      const { revisions } = (await bob.agent.get(`/api/topics/${created.id}/revisions`)).body as PostRevisions;
      expect(revisions).toEqual([{ version: 1, content: "Only text", html: "<p>Only text</p>\n", editedAt: created.createdAt }]);
    });
  });

  describe("flags", () => {
    const flag = (by: Member, id: number) => by.agent.post("/api/flags").send({ targetType: "topic", targetId: id, reason: "spam" });
    const itemOf = async (id: number) => ((await moderator.agent.get("/api/review")).body as ReviewPage).items.find((item: ReviewItem) => item.targetType === "topic" && item.targetId === id);

    it("puts a flagged opener in the review queue with its plain text; its author may not flag it", async () => {
      const { id } = await newTopic();
      expect((await flag(alice, id)).status).toBe(403);
      expect((await flag(bob, id)).status).toBe(201);
      expect((await flag(bob, 2_000_000_000)).status).toBe(404);
      const item = await itemOf(id);
      expect(item?.target?.excerpt).toContain("Read the rules.");
      expect(item?.target?.url).toBe(`/topic/${id}`);
    });

    it("hiding hides only the opener's text: the title and replies stay, its author and staff still read it", async () => {
      const created = await newTopic("Buy zzspamword now");
      const reply = (await bob.agent.post(`/api/topics/${created.id}/posts`).send({ content: "A reply" })).body as Post;
      expect((await carol.agent.get(`/api/search?type=topics&q=zzspamword`)).body.results).toHaveLength(1);
      expect((await flag(moderator, created.id)).status).toBe(201);

      const seen = await topicAs(carol, created.id);
      expect(seen).toMatchObject({ title: created.title, descriptionHidden: true, description: null, descriptionHtml: null, descriptionText: null });
      expect(((await carol.agent.get(`/api/topics/${created.id}/posts`)).body as Post[]).map((post) => post.id)).toEqual([reply.id]);
      expect(await listed(carol, created.id)).toMatchObject({ title: created.title, description: null, descriptionText: null, descriptionHidden: true });
      expect((await carol.agent.get(`/api/search?type=topics&q=zzspamword`)).body.results).toEqual([]);
      const revisions = (await carol.agent.get(`/api/topics/${created.id}/revisions`)).body as PostRevisions;
      expect(revisions.revisions[0]).toMatchObject({ content: "", html: "" });
      for (const reader of [alice, moderator]) {
        expect(await topicAs(reader, created.id)).toMatchObject({ descriptionHidden: true, description: created.description, descriptionHtml: created.descriptionHtml });
      }

      const item = (await itemOf(created.id))!;
      expect((await moderator.agent.post(`/api/review/${item.id}`).send({ action: "keep" })).status).toBe(200);
      expect(await topicAs(carol, created.id)).toMatchObject({ descriptionHidden: false, description: created.description });
    });

    it("deleting a flagged opener deletes its topic, and tells the author", async () => {
      const { id } = await newTopic();
      await flag(bob, id);
      const item = (await itemOf(id))!;
      expect((await moderator.agent.post(`/api/review/${item.id}`).send({ action: "delete" })).status).toBe(200);
      expect((await bob.agent.get(`/api/topics/${id}`)).status).toBe(404);
      expect((await noticesOf(alice)).find((notice) => notice.type === "moderation" && notice.moderationAction === "topic_delete")).toBeDefined();
    });
  });
});
