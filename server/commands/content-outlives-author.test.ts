import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeletionContent } from "@shared/member-deletion";
import { notifications, posts, profileComments, topicReads, topics, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { confirmedAgent } from "../test/confirmation";
import { expectCountersExact, expectUnreadRepliesExact } from "../test/counters";
import { insertMember, PASSWORD, readUser, signedInAgent, type Agent } from "../test/fixtures";

/**
 * docs/product.md "Content outlives its author": a member whose topics hold other members' replies
 * (and who replied in others' topics, commented, messaged, reacted, mentioned and was mentioned) is
 * deleted in each mode; nothing another member wrote goes but in purge, and every count,
 * notification and read position stays right.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** Dave, who leaves, and the members around him, with everything he wrote where they are. */
async function cast() {
  const dave = await insertMember(db());
  const carol = await insertMember(db());
  const erin = await insertMember(db());
  const frank = await insertMember(db());
  const daveAgent = await signedInAgent(t.app, dave.username);
  const carolAgent = await signedInAgent(t.app, carol.username);
  const erinAgent = await signedInAgent(t.app, erin.username);
  const write = async (agent: Agent, path: string, body: object) => {
    const res = await agent.post(path).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number };
  };
  // His topic that Carol replied to (naming him), and one of his that nobody else replied to.
  const replied = await write(daveAgent, "/api/topics", { title: "Dave's question", description: "Dave opens" });
  // Its opener edited once: the first text is kept as a revision.
  expect((await daveAgent.patch(`/api/topics/${replied.id}`).send({ description: "Dave opens, **edited**" })).status).toBe(200);
  const davesFirst = await write(daveAgent, `/api/topics/${replied.id}/posts`, { content: "Dave's first word" });
  const carolsReply = await write(carolAgent, `/api/topics/${replied.id}/posts`, { content: `Carol answers @${dave.username}` });
  const alone = await write(daveAgent, "/api/topics", { title: "Dave alone" });
  await write(daveAgent, `/api/topics/${alone.id}/posts`, { content: "Nobody answered" });
  // Carol's topic, where he replied (naming Frank) between Carol's and Erin's posts.
  const carols = await write(carolAgent, "/api/topics", { title: "Carol's topic" });
  const carolsFirst = await write(carolAgent, `/api/topics/${carols.id}/posts`, { content: "Carol starts" });
  const davesReply = await write(daveAgent, `/api/topics/${carols.id}/posts`, { content: `Dave replies, hello @${frank.username}` });
  const erinsReply = await write(erinAgent, `/api/topics/${carols.id}/posts`, { content: "Erin replies" });
  expect((await daveAgent.put(`/api/posts/${carolsReply.id}/reactions/like`)).status).toBe(200);
  const daveComment = await write(daveAgent, `/api/users/${carol.id}/comments`, { content: "Dave on Carol's profile" });
  await write(carolAgent, `/api/users/${dave.id}/comments`, { content: "Carol on Dave's profile" });
  const conversation = await write(daveAgent, "/api/conversations", { usernames: [carol.username], content: "Dave writes" });
  await write(carolAgent, `/api/conversations/${conversation.id}/messages`, { content: "Carol writes back" });
  // Carol read her topic up to Dave's reply: Erin's is still unread.
  expect((await carolAgent.put(`/api/topics/${carols.id}/read`).send({ postId: davesReply.id })).status).toBe(200);
  await expectCountersExact(db());
  await expectUnreadRepliesExact(db());
  return {
    dave: dave, carol: carol, erin: erin, frank: frank, daveAgent, carolAgent, erinAgent,
    replied, alone, carols, davesFirst, carolsReply, carolsFirst, davesReply, erinsReply, daveComment, conversation,
  };
}
type Cast = Awaited<ReturnType<typeof cast>>;

async function deleteAs(c: Cast, by: "self" | "admin", content?: DeletionContent) {
  if (by === "self") {
    const agent = await confirmedAgent(t.app, c.dave.username);
    return agent.delete("/api/auth/account").send(content === undefined ? { password: PASSWORD } : { password: PASSWORD, content });
  }
  const admin = await signedInAgent(t.app, (await insertMember(db(), { isAdmin: true })).username);
  return admin.delete(`/api/admin/users/${c.dave.id}`).send(content === undefined ? {} : { content });
}

/** What every mode does: Dave's account, profile (Carol's comment on it with it), reaction and the links to him go; the rest is exact. */
async function expectAlwaysGone(c: Cast) {
  expect(await db().select().from(users).where(eq(users.id, c.dave.id))).toEqual([]);
  expect(await db().select().from(profileComments).where(eq(profileComments.profileUserId, c.dave.id))).toEqual([]);
  expect((await c.carolAgent.get(`/api/users/${c.dave.username}`)).status).toBe(404);
  await expectCountersExact(db());
  await expectUnreadRepliesExact(db());
  // Erin and Carol keep every post of theirs in Carol's topic, and her read position.
  expect(await readUser(db(), c.erin.id)).toMatchObject({ postsCount: 1 });
  expect(await db().select({ lastReadPostId: topicReads.lastReadPostId }).from(topicReads).where(and(eq(topicReads.userId, c.carol.id), eq(topicReads.topicId, c.carols.id)))).toEqual([
    { lastReadPostId: c.davesReply.id },
  ]);
  const list = (await c.carolAgent.get("/api/topics")).body as { id: number; unreadCount: number }[];
  expect(list.find((topic) => topic.id === c.carols.id)).toMatchObject({ unreadCount: 1 });
  // No text links to a profile that is gone: the mention of him reads as plain text.
  const [reply] = await db().select({ html: posts.html }).from(posts).where(eq(posts.id, c.carolsReply.id));
  if (reply) {
    expect(reply.html).not.toContain(`/user/${c.dave.username}`);
    expect(reply.html).toContain(`@${c.dave.username}`);
  }
  const [carolsPost] = (await db().select().from(posts).where(eq(posts.id, c.carolsReply.id))) as { id: number }[];
  if (carolsPost) {
    const { body } = await c.erinAgent.get(`/api/topics/${c.replied.id}/posts`);
    expect(body.find((post: { id: number }) => post.id === c.carolsReply.id).reactions).toEqual([]);
  }
}

const postsOf = async (agent: Agent, topicId: number) =>
  ((await agent.get(`/api/topics/${topicId}/posts`)).body as { id: number; authorId: number | null; authorUsername: string | null; authorAvatar: string | null; html: string }[]).map(
    ({ id, authorId, authorUsername, authorAvatar }) => ({ id, authorId, authorUsername, authorAvatar }),
  );
const deletedMember = (id: number) => ({ id, authorId: null, authorUsername: null, authorAvatar: null });
const by = (member: { id: number; username: string }) => (id: number) => ({ id, authorId: member.id, authorUsername: member.username, authorAvatar: null });

describe("deleting a member whose topics hold other members' replies", () => {
  it("anonymize (the default of self-deletion): everything he wrote stays, credited to Deleted member", async () => {
    const c = await cast();
    const res = await deleteAs(c, "self");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Account deleted", content: "anonymize", deletedData: { posts: 0, topics: 0, comments: 1, messages: 0 } });
    await expectAlwaysGone(c);

    // His topics stay with every post, his own credited to nobody; Carol's count is whole.
    const topic = (await c.carolAgent.get(`/api/topics/${c.replied.id}`)).body;
    expect(topic).toMatchObject({ title: "Dave's question", description: "Dave opens, **edited**", createdBy: null, authorUsername: null, authorAvatar: null, postsCount: 2 });
    expect(await postsOf(c.carolAgent, c.replied.id)).toEqual([deletedMember(c.davesFirst.id), by(c.carol)(c.carolsReply.id)]);
    expect((await c.carolAgent.get(`/api/topics/${c.alone.id}`)).body).toMatchObject({ createdBy: null, postsCount: 1 });
    expect(await postsOf(c.carolAgent, c.carols.id)).toEqual([by(c.carol)(c.carolsFirst.id), deletedMember(c.davesReply.id), by(c.erin)(c.erinsReply.id)]);
    expect(await readUser(db(), c.carol.id)).toMatchObject({ postsCount: 2 });
    expect(await db().select({ postsCount: topics.postsCount }).from(topics).where(eq(topics.id, c.carols.id))).toEqual([{ postsCount: 3 }]);

    // His comment on Carol's profile and his message stay, without an author.
    const comments = (await c.erinAgent.get(`/api/users/${c.carol.id}/comments`)).body;
    expect(comments).toMatchObject([{ id: c.daveComment.id, authorId: null, authorUsername: null, authorAvatar: null, content: "Dave on Carol's profile" }]);
    const thread = (await c.carolAgent.get(`/api/conversations/${c.conversation.id}/messages`)).body;
    expect(thread.messages.map((message: { author: { id: number } | null; content: string }) => [message.author?.id ?? null, message.content])).toEqual([
      [null, "Dave writes"],
      [c.carol.id, "Carol writes back"],
    ]);
    const conversation = (await c.carolAgent.get(`/api/conversations/${c.conversation.id}`)).body;
    expect(conversation.participants.map((member: { id: number }) => member.id)).toEqual([c.carol.id]);

    // What he said to others stays told, by nobody: Frank's mention, Carol's unread reply.
    const frankAgent = await signedInAgent(t.app, c.frank.username);
    const frankNotes = (await frankAgent.get("/api/notifications")).body.notifications;
    expect(frankNotes).toMatchObject([{ type: "mention", postId: c.davesReply.id, actor: null }]);
    const carolsReplies = await db().select().from(notifications).where(and(eq(notifications.userId, c.carol.id), eq(notifications.type, "reply"), eq(notifications.topicId, c.carols.id)));
    expect(carolsReplies.map(({ count, actorId }) => ({ count, actorId }))).toEqual([{ count: 2, actorId: c.erin.id }]);
  });

  it("erase (the default of an administrator's deletion): his words go, his topic others replied to stays blanked, theirs whole", async () => {
    const c = await cast();
    const res = await deleteAs(c, "admin");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "User deleted", content: "erase", deletedData: { posts: 3, topics: 1, comments: 2, messages: 1 } });
    await expectAlwaysGone(c);

    const topic = (await c.carolAgent.get(`/api/topics/${c.replied.id}`)).body;
    expect(topic).toMatchObject({ title: "Dave's question", description: "[deleted]", createdBy: null, authorUsername: null, postsCount: 1 });
    // Rendered as blanked too, and with none of his earlier texts in its history.
    expect(topic).toMatchObject({ descriptionHtml: "<p>[deleted]</p>", descriptionText: "[deleted]", descriptionEdited: false });
    expect((await c.carolAgent.get(`/api/topics/${c.replied.id}/revisions`)).body.revisions.map((r: { content: string }) => r.content)).toEqual(["[deleted]"]);
    expect(await postsOf(c.carolAgent, c.replied.id)).toEqual([by(c.carol)(c.carolsReply.id)]);
    expect((await c.carolAgent.get(`/api/topics/${c.alone.id}`)).status).toBe(404);
    expect(await db().select().from(topics).where(eq(topics.id, c.alone.id))).toEqual([]);
    expect(await postsOf(c.carolAgent, c.carols.id)).toEqual([by(c.carol)(c.carolsFirst.id), by(c.erin)(c.erinsReply.id)]);
    expect(await readUser(db(), c.carol.id)).toMatchObject({ postsCount: 2 });
    const [carols] = await db().select().from(topics).where(eq(topics.id, c.carols.id));
    const [erins] = await db().select({ createdAt: posts.createdAt }).from(posts).where(eq(posts.id, c.erinsReply.id));
    expect(carols).toMatchObject({ postsCount: 2, lastPostAt: erins!.createdAt });

    expect((await c.erinAgent.get(`/api/users/${c.carol.id}/comments`)).body).toEqual([]);
    const thread = (await c.carolAgent.get(`/api/conversations/${c.conversation.id}/messages`)).body;
    expect(thread.messages.map((message: { content: string }) => message.content)).toEqual(["Carol writes back"]);
    // Frank's mention went with the post; Carol's unread reply now stands for Erin's post alone.
    expect(await db().select().from(notifications).where(eq(notifications.userId, c.frank.id))).toEqual([]);
    const carolsReplies = await db().select().from(notifications).where(and(eq(notifications.userId, c.carol.id), eq(notifications.type, "reply"), eq(notifications.topicId, c.carols.id)));
    expect(carolsReplies.map(({ count, actorId, postId }) => ({ count, actorId, postId }))).toEqual([{ count: 1, actorId: c.erin.id, postId: c.erinsReply.id }]);
  });

  it("erase chosen by the member themself does the same", async () => {
    const c = await cast();
    const res = await deleteAs(c, "self", "erase");
    expect(res.body).toMatchObject({ content: "erase", deletedData: { posts: 3, topics: 1, comments: 2, messages: 1 } });
    await expectAlwaysGone(c);
    expect((await c.carolAgent.get(`/api/topics/${c.replied.id}`)).body).toMatchObject({ description: "[deleted]", createdBy: null, postsCount: 1 });
  });

  it("purge (administrators, for spam): as erase, and his topics go with every reply in them", async () => {
    const c = await cast();
    const admin = await signedInAgent(t.app, (await insertMember(db(), { isAdmin: true })).username);
    const res = await admin.delete(`/api/admin/users/${c.dave.id}?content=purge`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "User deleted", content: "purge", deletedData: { posts: 4, topics: 2, comments: 2, messages: 1 } });
    await expectAlwaysGone(c);
    expect((await c.carolAgent.get(`/api/topics/${c.replied.id}`)).status).toBe(404);
    expect(await db().select().from(posts).where(eq(posts.id, c.carolsReply.id))).toEqual([]);
    expect(await readUser(db(), c.carol.id)).toMatchObject({ postsCount: 1 });
    expect(await postsOf(c.carolAgent, c.carols.id)).toEqual([by(c.carol)(c.carolsFirst.id), by(c.erin)(c.erinsReply.id)]);
    expect((await admin.get(`/api/admin/users/${c.dave.id}/deletion`)).body).toMatchObject({ content: "purge", status: "done", postsDone: 4, postsTotal: 4 });
  });

  it("hides what he wrote while his deletion is under way (before a batch credits it to Deleted member)", async () => {
    const c = await cast();
    // The deletion started, no batch run yet (as when the first batch fails).
    await db().update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, c.dave.id));
    expect(await postsOf(c.carolAgent, c.carols.id)).toEqual([by(c.carol)(c.carolsFirst.id), by(c.erin)(c.erinsReply.id)]);
    expect((await c.carolAgent.get(`/api/topics/${c.replied.id}`)).status).toBe(404);
    const thread = (await c.carolAgent.get(`/api/conversations/${c.conversation.id}/messages`)).body;
    expect(thread.messages.map((message: { content: string }) => message.content)).toEqual(["Carol writes back"]);
    await db().update(users).set({ deletedAt: null }).where(eq(users.id, c.dave.id));
  });
});

describe("the deletion's content, asked for", () => {
  it("refuses an unknown mode, and purge to a member deleting themself (400)", async () => {
    const member = await insertMember(db());
    const agent = await confirmedAgent(t.app, member.username);
    const purge = await agent.delete("/api/auth/account").send({ password: PASSWORD, content: "purge" });
    expect(purge.status).toBe(400);
    expect(purge.body.errors).toEqual([{ path: "content", message: "content must be anonymize or erase" }]);
    expect((await agent.delete("/api/auth/account").send({ password: PASSWORD, content: "vanish" })).status).toBe(400);
    expect((await agent.get("/api/auth/user")).status).toBe(200);

    const admin = await signedInAgent(t.app, (await insertMember(db(), { isAdmin: true })).username);
    const unknown = await admin.delete(`/api/admin/users/${member.id}`).send({ content: "vanish" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ path: "content", message: "content must be anonymize, erase or purge" }]);
    expect((await admin.delete(`/api/admin/users/${member.id}?content=vanish`)).status).toBe(400);
    expect((await agent.get("/api/auth/user")).status).toBe(200);
  });

  it("lets only administrators delete others, in any mode", async () => {
    const member = await insertMember(db());
    const other = await signedInAgent(t.app, (await insertMember(db())).username);
    const moderator = await signedInAgent(t.app, (await insertMember(db(), { isModerator: true })).username);
    for (const agent of [other, moderator]) {
      expect((await agent.delete(`/api/admin/users/${member.id}`).send({ content: "purge" })).status).toBe(403);
    }
    expect(await readUser(db(), member.id)).toMatchObject({ deletedAt: null });
  });

  it("takes the body's mode over the query's", async () => {
    const member = await insertMember(db());
    const admin = await signedInAgent(t.app, (await insertMember(db(), { isAdmin: true })).username);
    const res = await admin.delete(`/api/admin/users/${member.id}?content=purge`).send({ content: "anonymize" });
    expect(res.body).toMatchObject({ content: "anonymize" });
  });
});
