import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { bioCardDailyReferrers, bioCardDailyViews, bioCards, messages, passkeys, postReactions, posts, sessions, topics, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { bytesOf } from "../../test/bytes";
import { PNG_1X1 } from "../../test/files";
import { confirmedAgent } from "../../test/confirmation";
import { PASSWORD, insertMember, signedInAgent, type Agent } from "../../test/fixtures";
import { unzip } from "../../test/zip";

const t: TestApp = await createTestApp();
afterAll(() => t.close());


/** A member with something of everything: a topic with a reply, a comment, a reaction, a card, a link and an uploaded avatar. */
async function busyMember() {
  const user = await insertMember(t.database.db, { bio: "Hello there" });
  // Export and deletion are sensitive changes (server/middlewares/fresh-confirmation.test.ts).
  const agent = await confirmedAgent(t.app, user.username);
  const other = await insertMember(t.database.db);
  const topic = await agent.post("/api/topics").send({ title: "My topic" });
  await agent.post(`/api/topics/${topic.body.id}/posts`).send({ content: "My reply" });
  await agent.post(`/api/users/${other.id}/comments`).send({ content: "Nice profile" });
  const otherAgent = await signedInAgent(t.app, other.username);
  const theirTopic = await otherAgent.post("/api/topics").send({ title: "Their topic" });
  const theirPost = await otherAgent.post(`/api/topics/${theirTopic.body.id}/posts`).send({ content: "Their post" });
  expect((await agent.put(`/api/posts/${theirPost.body.id}/reactions/celebrate`)).status).toBe(200);
  expect((await agent.put(`/api/topics/${theirTopic.body.id}/reactions/wow`)).status).toBe(200);
  // A conversation: their own messages are theirs to take (a deleted one aside), the other member's are not.
  const conversation = await agent.post("/api/conversations").send({ usernames: [other.username], content: "My message" });
  const gone = await agent.post(`/api/conversations/${conversation.body.id}/messages`).send({ content: "Taken back" });
  await agent.delete(`/api/conversations/${conversation.body.id}/messages/${gone.body.id}`);
  await otherAgent.post(`/api/conversations/${conversation.body.id}/messages`).send({ content: "Their message" });
  await agent.post("/api/bio");
  // A day of the card's analytics, as the visit counter leaves them.
  const [card] = await t.database.db.select({ id: bioCards.id }).from(bioCards).where(eq(bioCards.userId, user.id));
  await t.database.db.insert(bioCardDailyViews).values({ cardId: card!.id, day: "2026-11-20", views: 7, uniqueVisitors: 5, mobileViews: 4, desktopViews: 3 });
  await t.database.db.insert(bioCardDailyReferrers).values([
    { cardId: card!.id, day: "2026-11-20", source: "news.example", views: 5 },
    { cardId: card!.id, day: "2026-11-20", source: "direct", views: 2 },
  ]);
  await agent.post("/api/user/links").send({ title: "Site", url: "https://example.com" });
  const upload = await agent.post("/api/upload").field("kind", "avatar").attach("file", PNG_1X1, { filename: "me.png", contentType: "image/png" });
  expect(upload.status).toBe(201);
  await agent.patch("/api/auth/profile").send({ avatar: upload.body.url });
  return {
    user,
    agent,
    topicId: topic.body.id as number,
    reactedPostId: theirPost.body.id as number,
    reactedTopicId: theirTopic.body.id as number,
    uploadUrl: upload.body.url as string,
    conversationId: conversation.body.id as number,
  };
}

describe("GET /api/auth/export", () => {
  it("answers a zip of account.json and the member's uploads", async () => {
    const { user, agent, topicId, reactedPostId, reactedTopicId, uploadUrl, conversationId } = await busyMember();
    const [passkey] = await t.database.db
      .insert(passkeys)
      .values({ userId: user.id, credentialId: "c3VwZXItc2VjcmV0LWNyZWRlbnRpYWw", publicKey: new Uint8Array([165, 1, 2, 3, 38]), name: "Laptop" })
      .returning();
    const res = await bytesOf(agent.get("/api/auth/export"));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${user.username}-export.zip"`);

    const entries = await unzip(res.body as Buffer);
    const filename = uploadUrl.split("/").pop()!;
    expect([...entries.keys()].sort()).toEqual(["account.json", `uploads/${filename}`]);
    expect(entries.get(`uploads/${filename}`)).toEqual(await readFile(path.join(t.config.UPLOAD_DIR, filename)));

    const account = JSON.parse(entries.get("account.json")!.toString("utf8"));
    expect(Object.keys(account)).toEqual(["exportedAt", "profile", "posts", "topics", "comments", "messages", "reactions", "topicReactions", "card", "links", "analytics", "uploads", "passkeys"]);
    expect(account.profile).toMatchObject({ id: user.id, username: user.username, bio: "Hello there", avatar: uploadUrl });
    expect(account.posts).toEqual([expect.objectContaining({ topicId, content: "My reply" })]);
    expect(account.topics).toEqual([expect.objectContaining({ id: topicId, title: "My topic" })]);
    expect(account.comments).toEqual([expect.objectContaining({ content: "Nice profile" })]);
    expect(account.messages).toEqual([{ id: expect.any(Number), conversationId, content: "My message", createdAt: expect.any(String) }]);
    expect(account.reactions).toEqual([expect.objectContaining({ postId: reactedPostId, reaction: "celebrate" })]);
    expect(account.topicReactions).toEqual([expect.objectContaining({ topicId: reactedTopicId, reaction: "wow" })]);
    expect(account.card).toMatchObject({ viewsCount: 0 });
    expect(account.links).toEqual([expect.objectContaining({ title: "Site", url: "https://example.com" })]);
    expect(account.analytics).toEqual({
      dailyViews: [{ day: "2026-11-20", views: 7, uniqueVisitors: 5, mobileViews: 4, desktopViews: 3 }],
      dailyReferrers: [
        { day: "2026-11-20", source: "direct", views: 2 },
        { day: "2026-11-20", source: "news.example", views: 5 },
      ],
      dailyLinkClicks: [],
    });
    expect(account.uploads).toEqual([expect.objectContaining({ filename, originalName: "me.png", kind: "avatar", mimeType: "image/png", url: uploadUrl, file: `uploads/${filename}` })]);
    // Passkeys by name and dates, never their keys or credential ids.
    expect(account.passkeys).toEqual([{ name: "Laptop", createdAt: passkey!.createdAt.toISOString(), lastUsedAt: null }]);
    // Nothing secret: no password hash, lockout counters, two-factor secret or passkey.
    expect(entries.get("account.json")!.toString()).not.toMatch(/"password"|\$2[aby]\$|failedLoginAttempts|twoFactor|publicKey|credentialId|c3VwZXItc2VjcmV0/);
  });

  it("gives a member with nothing an account.json with empty parts", async () => {
    const user = await insertMember(t.database.db);
    const res = await bytesOf((await confirmedAgent(t.app, user.username)).get("/api/auth/export"));
    const entries = await unzip(res.body as Buffer);
    expect([...entries.keys()]).toEqual(["account.json"]);
    expect(JSON.parse(entries.get("account.json")!.toString())).toMatchObject({ posts: [], topics: [], comments: [], messages: [], card: null, links: [], uploads: [], passkeys: [] });
  });

  it("answers 401 signed out", async () => {
    expect((await request(t.app).get("/api/auth/export")).status).toBe(401);
  });
});

describe("DELETE /api/auth/account", () => {
  const storedSessionsOf = (userId: number) => t.database.db.select().from(sessions).where(sql`(${sessions.sess} -> 'passport' ->> 'user') = ${String(userId)}`);

  it("needs the password", async () => {
    const user = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, user.username);
    const res = await agent.delete("/api/auth/account").send({ password: "Wrong1234" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Password is incorrect", errors: [{ path: "password", message: "Password is incorrect" }] });
    expect((await agent.delete("/api/auth/account")).status).toBe(400);
    expect((await agent.get("/api/auth/user")).status).toBe(200);
  });

  it("deletes the account, erasing what they wrote when they choose it, and signs out everywhere", async () => {
    const { user, agent, topicId, reactedPostId, uploadUrl, conversationId } = await busyMember();
    const otherDevice = await signedInAgent(t.app, user.username);
    const replier = await insertMember(t.database.db);
    await (await signedInAgent(t.app, replier.username)).post(`/api/topics/${topicId}/posts`).send({ content: "A reply in their topic" });

    const res = await agent.delete("/api/auth/account").send({ password: PASSWORD, content: "erase" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Account deleted", content: "erase", deletedData: { posts: 1, topics: 0, comments: 1, messages: 1 } });
    expect((res.headers["set-cookie"] as unknown as string[]).join()).toMatch(/sid=;/);

    for (const device of [agent, otherDevice] as Agent[]) expect((await device.get("/api/auth/user")).status).toBe(401);
    expect(await storedSessionsOf(user.id)).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    // Their topic stays for the reply in it (docs/product.md "Content outlives its author"), its opener blanked, credited to nobody.
    expect(await t.database.db.select({ createdBy: topics.createdBy, description: topics.description }).from(topics).where(eq(topics.id, topicId))).toEqual([
      { createdBy: null, description: "[deleted]" },
    ]);
    expect(await t.database.db.select({ content: posts.content }).from(posts).where(eq(posts.topicId, topicId))).toEqual([{ content: "A reply in their topic" }]);
    expect(await t.database.db.select().from(postReactions).where(eq(postReactions.postId, reactedPostId))).toEqual([]);
    // Their messages go; the conversation keeps the other member's.
    expect((await t.database.db.select({ content: messages.content }).from(messages).where(eq(messages.conversationId, conversationId)))).toEqual([
      { content: "Their message" },
    ]);
    expect(existsSync(path.join(t.config.UPLOAD_DIR, uploadUrl.split("/").pop()!))).toBe(false);
    const [replierRow] = await t.database.db.select({ postsCount: users.postsCount }).from(users).where(eq(users.id, replier.id));
    expect(replierRow!.postsCount).toBe(1);
    expect((await request(t.app).post("/api/auth/login").send({ username: user.username, password: PASSWORD })).status).toBe(401);
  });

  it("refuses the only administrator (409); one of several may leave", async () => {
    const fresh = await createTestApp();
    try {
      const first = await insertMember(fresh.database.db, { isAdmin: true });
      const firstAgent = await confirmedAgent(fresh.app, first.username);
      const refused = await firstAgent.delete("/api/auth/account").send({ password: PASSWORD });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/only administrator/);
      expect((await firstAgent.get("/api/auth/user")).status).toBe(200);

      const second = await insertMember(fresh.database.db, { isAdmin: true });
      const secondAgent = await confirmedAgent(fresh.app, second.username);
      // Both at once: one goes, the other is then the only one left.
      const both = await Promise.all([firstAgent, secondAgent].map((agent) => agent.delete("/api/auth/account").send({ password: PASSWORD })));
      expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
    } finally {
      await fresh.close();
    }
  });
});
