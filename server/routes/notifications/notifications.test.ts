import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification, NotificationsPage } from "@shared/types";
import { notifications, topicParticipants, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { createTestDatabase } from "../../test/database";
import { statementsDuring } from "../../test/statements";
import { type Agent, PASSWORD, inviteCode, insertMember, signedInAgent } from "../../test/fixtures";

/**
 * How many statements the app sends to PostgreSQL while `run` runs, the session read left out:
 * whether a session is cached depends on when the announcement of an earlier write arrives
 * (server/identity/), not on the work measured.
 */
const statementsSent = async (run: () => Promise<unknown>) => (await statementsDuring(run)).filter((statement) => statement.name !== "read_session").length;

describe("notifications", () => {
  let t: TestApp;
  let admin: Agent;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await insertMember(t.database.db, { isAdmin: true });
    adminId = a.id;
    admin = await signedInAgent(t.app, a.username);
  });
  afterAll(() => t.close());

  /** A new member, signed in. */
  const person = async () => {
    const user = await insertMember(t.database.db);
    return { ...user, agent: await signedInAgent(t.app, user.username) };
  };
  const newTopic = async (agent: Agent) => ((await agent.post("/api/topics").send({ title: "Thread" })).body as { id: number }).id;
  const reply = async (agent: Agent, topicId: number, content = "A reply") => {
    const res = await agent.post(`/api/topics/${topicId}/posts`).send({ content });
    expect(res.status).toBe(201);
    return res.body as { id: number };
  };
  const inbox = async (agent: Agent) => {
    const res = await agent.get("/api/notifications");
    expect(res.status).toBe(200);
    return res.body as NotificationsPage;
  };
  const only = async (agent: Agent) => {
    const { notifications } = await inbox(agent);
    expect(notifications).toHaveLength(1);
    return notifications[0]!;
  };
  const readAll = (agent: Agent) => agent.post("/api/notifications/read").send({});
  const empty = { notifications: [], unreadCount: 0, nextCursor: null };

  it("tells the topic's starter and posters of a reply, coalescing unread replies into one per topic", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const topicId = await newTopic(alice.agent);
    const first = await reply(bob.agent, topicId);
    const reply1 = await only(alice.agent);
    expect(reply1).toMatchObject({
      type: "reply",
      readAt: null,
      actor: { id: bob.id, username: bob.username, avatar: null },
      topicId,
      topicTitle: "Thread",
      postId: first.id,
      count: 1,
      badgeType: null,
      profileUsername: null,
    });
    await reply(carol.agent, topicId);
    const coalesced = await only(alice.agent);
    expect(coalesced).toMatchObject({ type: "reply", actor: { id: carol.id }, postId: first.id, count: 2 });
    expect(coalesced.id).toBeGreaterThan(reply1.id);
    // Bob posted in it, so Carol's reply reaches him too; nobody hears of their own post.
    expect(await only(bob.agent)).toMatchObject({ type: "reply", actor: { id: carol.id }, count: 1 });
    expect((await inbox(carol.agent)).notifications).toEqual([]);

    // Once read, the next reply starts a new notification.
    await alice.agent.post("/api/notifications/read").send({});
    const next = await reply(bob.agent, topicId);
    const { notifications, unreadCount } = await inbox(alice.agent);
    expect(unreadCount).toBe(1);
    expect(notifications.map((n) => [n.count, n.postId, n.readAt === null])).toEqual([
      [1, next.id, true],
      [2, first.id, false],
    ]);
  });

  it("tells a mentioned member once (a mention, not also a reply), and never the author", async () => {
    const [alice, bob] = [await person(), await person()];
    const topicId = await newTopic(alice.agent);
    const post = await reply(bob.agent, topicId, `Hey @${alice.username.toUpperCase()} and @${bob.username}, and @nobody_here`);
    expect(await only(alice.agent)).toMatchObject({ type: "mention", actor: { id: bob.id }, topicId, postId: post.id, count: null });
    expect((await inbox(bob.agent)).notifications).toEqual([]);
  });

  it("tells of a mention only where it shows as one: not in code, not inside a link", async () => {
    const [alice, bob, carol, dave] = [await person(), await person(), await person(), await person()];
    const topicId = await newTopic(dave.agent);
    await reply(bob.agent, topicId, `\`@${alice.username}\`\n\n\`\`\`\n@${alice.username}\n\`\`\`\n\n[@${alice.username}](https://example.com) and **@${carol.username}**`);
    expect((await inbox(alice.agent)).notifications).toEqual([]);
    expect(await only(carol.agent)).toMatchObject({ type: "mention", actor: { id: bob.id }, topicId });
  });

  it("tells members an edit newly names, once per post, and never the author", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const topicId = await newTopic(alice.agent);
    const post = await reply(bob.agent, topicId, `Thanks @${alice.username}`);
    await alice.agent.post("/api/notifications/read").send({});
    const edit = (content: string) => bob.agent.patch(`/api/posts/${post.id}`).send({ content }).expect(200);

    await edit(`Thanks @${alice.username} and @${carol.username}, says @${bob.username}`);
    expect(await only(carol.agent)).toMatchObject({ type: "mention", actor: { id: bob.id }, topicId, postId: post.id });
    // Alice was named before the edit: nothing new for her. Bob named himself.
    expect((await inbox(alice.agent)).unreadCount).toBe(0);
    expect((await inbox(bob.agent)).notifications).toEqual([]);

    // Unnamed, then named again: Carol was already told of this post.
    await edit(`Thanks @${alice.username}`);
    await edit(`Thanks @${alice.username} and @${carol.username} again`);
    expect((await inbox(carol.agent)).notifications).toHaveLength(1);
  });

  it("does not mention in an edit a member whose unread reply stands for the post, so deleting it leaves nothing", async () => {
    const [alice, bob] = [await person(), await person()];
    const topicId = await newTopic(alice.agent);
    const post = await reply(bob.agent, topicId);
    await bob.agent.patch(`/api/posts/${post.id}`).send({ content: `Now naming @${alice.username}` }).expect(200);
    expect(await only(alice.agent)).toMatchObject({ type: "reply", count: 1, postId: post.id });
    await bob.agent.delete(`/api/posts/${post.id}`).expect(200);
    expect((await inbox(alice.agent)).notifications).toEqual([]);
  });

  it("mentions at most 20 members of a post across its edits", async () => {
    const [alice, bob] = [await person(), await person()];
    const named = await Promise.all(Array.from({ length: 25 }, () => insertMember(t.database.db)));
    const post = await reply(bob.agent, await newTopic(alice.agent), "Nobody named yet");
    const nameAll = (members: typeof named) => members.map((member) => `@${member.username}`).join(" ");
    await bob.agent.patch(`/api/posts/${post.id}`).send({ content: nameAll(named.slice(0, 15)) }).expect(200);
    await bob.agent.patch(`/api/posts/${post.id}`).send({ content: nameAll(named.slice(15)) }).expect(200);
    const { rows } = await t.database.db.execute<{ mentions: number }>(
      sql`SELECT count(*)::int AS mentions FROM notifications WHERE post_id = ${post.id} AND type = 'mention'`,
    );
    expect(rows[0]!.mentions).toBe(20);
  });

  it("removes a deleted post's unread mention and its part in an unread reply", async () => {
    const [alice, bob, carol, dave] = [await person(), await person(), await person(), await person()];
    const topicId = await newTopic(alice.agent);
    await reply(dave.agent, topicId);
    await alice.agent.post("/api/notifications/read").send({});
    const mention = await reply(bob.agent, topicId, `cc @${dave.username}`);
    const second = await reply(carol.agent, topicId);
    // Dave was mentioned in Bob's post, so his reply notification stands for Carol's alone.
    expect(await inbox(dave.agent)).toMatchObject({
      unreadCount: 2,
      notifications: [
        { type: "reply", count: 1, postId: second.id },
        { type: "mention", postId: mention.id },
      ],
    });
    const aliceBefore = await inbox(alice.agent);
    expect(aliceBefore.unreadCount).toBe(1);
    expect(aliceBefore.notifications[0]).toMatchObject({ type: "reply", count: 2, postId: mention.id });

    expect((await bob.agent.delete(`/api/posts/${mention.id}`)).status).toBe(200);
    // Alice's reply now stands for Carol's post alone and opens there; Dave's mention is gone.
    expect((await inbox(alice.agent)).notifications[0]).toMatchObject({ type: "reply", count: 1, postId: second.id });
    expect(await inbox(dave.agent)).toMatchObject({ unreadCount: 1, notifications: [{ type: "reply", count: 1, postId: second.id }] });

    expect((await carol.agent.delete(`/api/posts/${second.id}`)).status).toBe(200);
    expect((await inbox(alice.agent)).notifications.filter((n) => n.readAt === null)).toEqual([]);
    expect((await inbox(dave.agent)).notifications).toEqual([]);
  });

  it("names the poster before as a reply's actor when its latest post is deleted", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const topicId = await newTopic(alice.agent);
    const first = await reply(bob.agent, topicId);
    const latest = await reply(carol.agent, topicId);
    expect((await carol.agent.delete(`/api/posts/${latest.id}`)).status).toBe(200);
    expect(await only(alice.agent)).toMatchObject({ type: "reply", count: 1, actor: { id: bob.id }, postId: first.id });
  });

  it("removes a deleted post's notifications once read too: its mention, its reaction, and a read reply that stood for it alone", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const post = await reply(bob.agent, await newTopic(alice.agent), `Over to you @${carol.username}`);
    expect((await alice.agent.put(`/api/posts/${post.id}/reactions/like`)).status).toBe(200);
    for (const member of [alice, bob, carol]) {
      expect((await inbox(member.agent)).notifications).toHaveLength(1);
      await readAll(member.agent);
    }
    expect((await bob.agent.delete(`/api/posts/${post.id}`)).status).toBe(200);
    for (const member of [alice, bob, carol]) expect(await inbox(member.agent)).toEqual(empty);
  });

  it("opens a read reply at the next post it stood for, one fewer, when the post it opened at is deleted", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const topicId = await newTopic(alice.agent);
    const bobs = await reply(bob.agent, topicId);
    const carols = await reply(carol.agent, topicId);
    expect(await only(alice.agent)).toMatchObject({ type: "reply", count: 2, postId: bobs.id, actor: { id: carol.id } });
    await readAll(alice.agent);
    expect((await bob.agent.delete(`/api/posts/${bobs.id}`)).status).toBe(200);
    expect(await only(alice.agent)).toMatchObject({ type: "reply", count: 1, postId: carols.id, actor: { id: carol.id } });
    expect((await inbox(alice.agent)).unreadCount).toBe(0);
  });

  it("removes them when staff delete the post or its topic, and the unread count follows", async () => {
    const [alice, bob] = [await person(), await person()];
    const moderator = await signedInAgent(t.app, (await insertMember(t.database.db, { isModerator: true })).username);
    const topicId = await newTopic(alice.agent);
    const first = await reply(bob.agent, topicId, "First");
    await readAll(alice.agent);
    const naming = await reply(bob.agent, topicId, `Still there, @${alice.username}?`);
    const third = await reply(bob.agent, topicId, "Third");
    // A read reply (First), an unread mention and an unread reply (Third).
    expect(await inbox(alice.agent)).toMatchObject({
      unreadCount: 2,
      notifications: [{ type: "reply", postId: third.id }, { type: "mention", postId: naming.id }, { type: "reply", postId: first.id }],
    });

    expect((await moderator.delete(`/api/posts/${first.id}`)).status).toBe(200);
    expect(await inbox(alice.agent)).toMatchObject({ unreadCount: 2, notifications: [{ type: "reply", postId: third.id }, { type: "mention" }] });
    expect((await moderator.delete(`/api/posts/${naming.id}`)).status).toBe(200);
    expect(await inbox(alice.agent)).toMatchObject({ unreadCount: 1, notifications: [{ type: "reply", postId: third.id }] });
    expect((await moderator.delete(`/api/topics/${topicId}`)).status).toBe(200);
    expect(await inbox(alice.agent)).toEqual(empty);
  });

  describe("reading a topic marks them read", () => {
    const readTo = async (agent: Agent, topicId: number, postId: number) =>
      expect((await agent.put(`/api/topics/${topicId}/read`).send({ postId })).status).toBe(200);
    const unread = async (agent: Agent) => (await inbox(agent)).notifications.filter((n) => n.readAt === null).map((n) => [n.type, n.postId]);

    it("marks a mention read once the position reaches its post, in that topic only", async () => {
      const [alice, bob] = [await person(), await person()];
      const topicId = await newTopic(bob.agent);
      const elsewhere = await reply(bob.agent, await newTopic(bob.agent), `@${alice.username} over here`);
      const first = await reply(bob.agent, topicId, `@${alice.username} look`);
      const second = await reply(bob.agent, topicId, `@${alice.username} and this`);

      await readTo(alice.agent, topicId, first.id);
      expect(await unread(alice.agent)).toEqual([
        ["mention", second.id],
        ["mention", elsewhere.id],
      ]);
      await readTo(alice.agent, topicId, second.id);
      expect(await unread(alice.agent)).toEqual([["mention", elsewhere.id]]);
      expect((await inbox(alice.agent)).unreadCount).toBe(1);
    });

    it("marks a reply read once the position reaches the newest post it counts, not before", async () => {
      const [alice, bob, carol] = [await person(), await person(), await person()];
      const topicId = await newTopic(alice.agent);
      const first = await reply(bob.agent, topicId);
      const second = await reply(carol.agent, topicId);
      // A post naming Alice is a mention, not one of the reply's posts.
      const naming = await reply(bob.agent, topicId, `@${alice.username} see above`);
      expect(await unread(alice.agent)).toEqual([
        ["mention", naming.id],
        ["reply", first.id],
      ]);

      await readTo(alice.agent, topicId, first.id);
      expect(await unread(alice.agent)).toEqual([
        ["mention", naming.id],
        ["reply", first.id],
      ]);
      await readTo(alice.agent, topicId, second.id);
      expect(await unread(alice.agent)).toEqual([["mention", naming.id]]);
      await readTo(alice.agent, topicId, naming.id);
      expect(await inbox(alice.agent)).toMatchObject({ unreadCount: 0 });
    });

    it("leaves a moderation notice about a post unread: reading marks mentions, reactions and replies only", async () => {
      const [alice, bob] = [await person(), await person()];
      const topicId = await newTopic(bob.agent);
      const hidden = await reply(alice.agent, topicId);
      const later = await reply(bob.agent, topicId);
      await t.database.db.insert(notifications).values({ userId: alice.id, type: "moderation", moderationAction: "post_hide", topicId, postId: hidden.id });
      await readTo(alice.agent, topicId, later.id);
      expect(await unread(alice.agent)).toEqual([["moderation", hidden.id]]);
    });

    it("leaves other members' notifications and a later reply unread", async () => {
      const [alice, bob, carol] = [await person(), await person(), await person()];
      const topicId = await newTopic(alice.agent);
      await reply(carol.agent, topicId);
      const first = await reply(bob.agent, topicId);
      await readTo(alice.agent, topicId, first.id);
      expect(await unread(alice.agent)).toEqual([]);
      // Carol's reply stands for Bob's post, which Alice read, not Carol.
      expect(await unread(carol.agent)).toEqual([["reply", first.id]]);

      const later = await reply(bob.agent, topicId);
      // The position never moves back: reading an earlier post again leaves the new reply unread.
      await readTo(alice.agent, topicId, first.id);
      expect(await unread(alice.agent)).toEqual([["reply", later.id]]);
    });
  });

  it("tells a profile's owner of a comment and the members it mentions, and withdraws both with the comment, read or not", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const res = await bob.agent.post(`/api/users/${alice.id}/comments`).send({ content: `Nice @${carol.username} @${alice.username}` });
    expect(res.status).toBe(201);
    expect(await only(alice.agent)).toMatchObject({ type: "profile_comment", actor: { id: bob.id }, profileUsername: alice.username, topicId: null, postId: null });
    expect(await only(carol.agent)).toMatchObject({ type: "mention", actor: { id: bob.id }, profileUsername: alice.username, topicId: null });
    // Commenting on one's own profile tells nobody about it.
    await alice.agent.post(`/api/users/${alice.id}/comments`).send({ content: "mine" });
    expect((await inbox(alice.agent)).notifications).toHaveLength(1);

    // Read or not, they go with the comment.
    await readAll(carol.agent);
    expect((await bob.agent.delete(`/api/profile-comments/${(res.body as { id: number }).id}`)).status).toBe(200);
    expect((await inbox(alice.agent)).notifications).toEqual([]);
    expect((await inbox(carol.agent)).notifications).toEqual([]);
  });

  it("tells a member of a badge granted to them", async () => {
    const alice = await person();
    expect((await admin.post(`/api/admin/users/${alice.id}/badges`).send({ badgeType: "verified" })).status).toBe(201);
    expect(await only(alice.agent)).toMatchObject({ type: "badge", badgeType: "verified", actor: { id: adminId }, profileUsername: alice.username });
  });

  it("tells the inviter when someone registers with their invite", async () => {
    const alice = await person();
    const code = await inviteCode(t.database.db, { createdBy: alice.id });
    const res = await request(t.app).post("/api/auth/register").send({ username: "invited_friend", password: PASSWORD, inviteCode: code });
    expect(res.status).toBe(201);
    expect(await only(alice.agent)).toMatchObject({ type: "invite_used", actor: { username: "invited_friend" }, profileUsername: "invited_friend" });
  });

  describe("when a member is deleted", () => {
    const deleteMember = async (id: number) => expect((await admin.delete(`/api/admin/users/${id}`)).status).toBe(200);

    it("keeps a reply that also stood for another's post, naming that poster (Bob, then the deleted Carol)", async () => {
      const [alice, bob, carol] = [await person(), await person(), await person()];
      const topicId = await newTopic(alice.agent);
      const bobs = await reply(bob.agent, topicId);
      await reply(carol.agent, topicId);
      expect(await only(alice.agent)).toMatchObject({ type: "reply", count: 2, actor: { id: carol.id }, postId: bobs.id });
      await deleteMember(carol.id);
      expect(await only(alice.agent)).toMatchObject({ type: "reply", readAt: null, count: 1, actor: { id: bob.id }, postId: bobs.id });
      expect((await inbox(alice.agent)).unreadCount).toBe(1);
    });

    it("opens a reply at the next remaining post when the deleted member wrote its first (Carol, then Bob)", async () => {
      const [alice, bob, carol] = [await person(), await person(), await person()];
      const topicId = await newTopic(alice.agent);
      const carols = await reply(carol.agent, topicId);
      const bobs = await reply(bob.agent, topicId);
      expect(await only(alice.agent)).toMatchObject({ type: "reply", count: 2, actor: { id: bob.id }, postId: carols.id });
      await deleteMember(carol.id);
      expect(await only(alice.agent)).toMatchObject({ type: "reply", readAt: null, count: 1, actor: { id: bob.id }, postId: bobs.id });
    });

    it("withdraws all their posts' and comments' unread notifications at once, in every topic", async () => {
      const [alice, bob, carol, dave] = [await person(), await person(), await person(), await person()];
      const topicId = await newTopic(alice.agent);
      const bob1 = await reply(bob.agent, topicId);
      await reply(carol.agent, topicId, `Over to you @${alice.username}`);
      await reply(carol.agent, topicId);
      await reply(bob.agent, topicId);
      await reply(carol.agent, topicId);
      // Alice's reply stands for four posts (Carol's mention of her is a mention); Bob's for Carol's three.
      expect(await inbox(alice.agent)).toMatchObject({
        unreadCount: 2,
        notifications: [{ type: "reply", count: 4, actor: { id: carol.id }, postId: bob1.id }, { type: "mention" }],
      });
      expect(await only(bob.agent)).toMatchObject({ type: "reply", count: 3, actor: { id: carol.id } });
      // Dave's topic has Carol's reply alone; Carol comments on Dave's profile, naming Bob.
      await reply(carol.agent, await newTopic(dave.agent));
      expect((await carol.agent.post(`/api/users/${dave.id}/comments`).send({ content: `Hi @${bob.username}` })).status).toBe(201);
      expect((await inbox(dave.agent)).unreadCount).toBe(2);

      await deleteMember(carol.id);
      expect(await inbox(alice.agent)).toMatchObject({
        unreadCount: 1,
        notifications: [{ type: "reply", count: 2, actor: { id: bob.id }, postId: bob1.id }],
      });
      expect(await inbox(bob.agent)).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
      expect(await inbox(dave.agent)).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
    });

    it("keeps read replies that stood for several posts and badges they granted, without them as actor", async () => {
      const [erin, bob, carol] = [await person(), await person(), await person()];
      const shared = await newTopic(erin.agent);
      const bobs = await reply(bob.agent, shared);
      await reply(carol.agent, shared);
      await reply(carol.agent, await newTopic(erin.agent));
      await carol.agent.post(`/api/users/${erin.id}/comments`).send({ content: "Hello" });
      // A badge granted by an administrator who is later no longer one (the API deletes no administrator).
      const granter = await insertMember(t.database.db, { isAdmin: true });
      expect((await (await signedInAgent(t.app, granter.username)).post(`/api/admin/users/${erin.id}/badges`).send({ badgeType: "verified" })).status).toBe(201);
      await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, granter.id));
      await erin.agent.post("/api/notifications/read").send({});

      await deleteMember(carol.id);
      await deleteMember(granter.id);
      // Her comment and the reply that was her post alone go with her; the rest stays, read.
      const { notifications } = await inbox(erin.agent);
      expect(notifications.map((n) => [n.type, n.actor, n.count, n.postId, n.readAt === null])).toEqual([
        ["badge", null, null, null, false],
        ["reply", null, 2, bobs.id, false],
      ]);
    });

    it("takes as many statements for a member who posted in many topics as for one who posted once", async () => {
      const [alice, bob] = [await person(), await person()];
      const statements = async (posts: number) => {
        const doomed = await person();
        const topicIds = [await newTopic(alice.agent)];
        await reply(bob.agent, topicIds[0]!);
        for (let i = 1; i < posts; i++) topicIds.push(await newTopic(alice.agent));
        for (const topicId of topicIds) await reply(doomed.agent, topicId);
        return statementsSent(() => deleteMember(doomed.id));
      };
      const once = await statements(1);
      expect(await statements(12)).toBe(once);
      // Alice keeps the reply for Bob's post in each first topic; the topics with the deleted posts alone have none.
      const { notifications } = await inbox(alice.agent);
      expect(notifications.map((n) => [n.type, n.count, n.actor?.id])).toEqual([
        ["reply", 1, bob.id],
        ["reply", 1, bob.id],
      ]);
    });
  });

  it("pages newest first and marks chosen or all notifications read, the member's own only", async () => {
    const [alice, bob] = [await person(), await person()];
    for (let i = 0; i < 23; i++) await reply(bob.agent, await newTopic(alice.agent));
    const first = await inbox(alice.agent);
    expect(first.notifications).toHaveLength(20);
    expect(first.unreadCount).toBe(23);
    const ids = first.notifications.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = (await alice.agent.get("/api/notifications").query({ cursor: first.nextCursor })).body as NotificationsPage;
    expect(second.notifications).toHaveLength(3);
    expect(second.nextCursor).toBeNull();

    expect((await bob.agent.post("/api/notifications/read").send({ ids: ids.slice(0, 2) })).body).toEqual({ unreadCount: 0 });
    expect((await inbox(alice.agent)).unreadCount).toBe(23);
    expect((await alice.agent.post("/api/notifications/read").send({ ids: ids.slice(0, 2) })).body).toEqual({ unreadCount: 21 });
    expect((await alice.agent.post("/api/notifications/read").send({})).body).toEqual({ unreadCount: 0 });
    expect((await alice.agent.post("/api/notifications/read").send({ ids: [] })).status).toBe(400);
    expect((await alice.agent.post("/api/notifications/read").send({ all: true })).status).toBe(400);
    expect((await request(t.app).get("/api/notifications")).status).toBe(401);
  });

  it("writes the replies of a topic with 5,000 participants in as many statements as for one", async () => {
    // What is measured is statements, not time: on a loaded machine the 5,000-row write may outlast
    // the default statement_timeout, so this app's database allows it a minute.
    const database = await createTestDatabase({ statementTimeoutMs: 60_000 });
    const crowdApp = await createTestApp({}, { database });
    try {
      const [alice, bob] = [await insertMember(database.db), await insertMember(database.db)];
      const [aliceAgent, bobAgent] = [await signedInAgent(crowdApp.app, alice.username), await signedInAgent(crowdApp.app, bob.username)];
      const crowded = await newTopic(aliceAgent);
      const quiet = await newTopic(aliceAgent);
      // Setting the scene is not what is measured either.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL statement_timeout = 0`);
        await tx.execute(sql`
          WITH crowd AS (
            INSERT INTO ${users} (username, password) SELECT 'crowd_' || n, 'x' FROM generate_series(1, 4999) n RETURNING id
          ) INSERT INTO ${topicParticipants} (topic_id, user_id) SELECT ${crowded}, id FROM crowd`);
      });
      const statements = (topicId: number) => statementsSent(() => reply(bobAgent, topicId));
      const forOne = await statements(quiet);
      const forCrowd = await statements(crowded);
      expect(forCrowd).toBe(forOne);
      const [{ notified }] = (await database.db.execute<{ notified: number }>(
        sql`SELECT count(*)::int AS notified FROM notifications WHERE topic_id = ${crowded} AND type = 'reply'`,
      )).rows as [{ notified: number }];
      expect(notified).toBe(5000);
    } finally {
      await crowdApp.close();
      await database.drop();
    }
  });

  it("lists only fields of the contract", async () => {
    const [alice, bob] = [await person(), await person()];
    await reply(bob.agent, await newTopic(alice.agent));
    const notification: Notification = await only(alice.agent);
    expect(Object.keys(notification).sort()).toEqual(
      ["id", "type", "createdAt", "readAt", "actor", "topicId", "topicTitle", "postId", "count", "badgeType", "profileUsername", "moderationAction", "moderationReason", "moderationNote"].sort(),
    );
  });
});
