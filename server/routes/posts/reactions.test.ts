import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification, Post, PostReaction } from "@shared/types";
import { REACTIONS } from "@shared/reactions";
import { deleteUser, startMemberDeletion } from "../../commands/delete-user";
import { withdrawReactions } from "../../commands/notify";
import { notifications, postReactions } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, insertPosts, signedInAgent } from "../../test/fixtures";
import { statementsSentDuring } from "../../test/statements";

/** docs/product.md "Reactions": giving and taking back, what every post carries, who reacted, the notification. */
describe("reactions", () => {
  let t: TestApp;
  /** The authors of the posts reacted to. */
  let alice: Agent;
  let aliceId: number;
  let bob: Agent;
  let bobId: number;
  let carol: Agent;
  let carolId: number;

  const newMember = async () => {
    const member = await insertMember(t.database.db);
    return { id: member.id, username: member.username, agent: await signedInAgent(t.app, member.username) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent: alice, id: aliceId } = await newMember());
    ({ agent: bob, id: bobId } = await newMember());
    ({ agent: carol, id: carolId } = await newMember());
  });
  afterAll(() => t.close());

  const newTopic = async (agent: Agent = alice) => ((await agent.post("/api/topics").send({ title: "Thread" })).body as { id: number }).id;
  const newPost = async (topicId: number, agent: Agent = alice) =>
    (await agent.post(`/api/topics/${topicId}/posts`).send({ content: "Worth a reaction" })).body as Post;
  const react = (agent: Agent, postId: number, reaction: string) => agent.put(`/api/posts/${postId}/reactions/${reaction}`);
  const unreact = (agent: Agent, postId: number, reaction: string) => agent.delete(`/api/posts/${postId}/reactions/${reaction}`);
  const pagePost = async (agent: Agent, topicId: number, postId: number) =>
    ((await agent.get(`/api/topics/${topicId}/posts`)).body as Post[]).find((post) => post.id === postId)!;
  const reactionNotices = async (agent: Agent) =>
    ((await agent.get("/api/notifications")).body.notifications as Notification[]).filter((notice) => notice.type === "reaction");
  const unreadCount = async (agent: Agent) => (await agent.get("/api/notifications")).body.unreadCount as number;

  describe("giving and taking back", () => {
    it("adds the caller's reaction once however often it is put, and answers the post's reactions", async () => {
      const post = await newPost(await newTopic());
      const first = await react(bob, post.id, "like");
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ reactions: [{ reaction: "like", count: 1, reacted: true }] });
      const again = await react(bob, post.id, "like");
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      const [{ count }] = (await t.database.db.select({ count: sql<number>`count(*)::int` }).from(postReactions).where(eq(postReactions.postId, post.id))) as [
        { count: number },
      ];
      expect(count).toBe(1);
    });

    it("takes it back, again and again without error, leaving what others gave", async () => {
      const post = await newPost(await newTopic());
      await react(bob, post.id, "love");
      await react(carol, post.id, "love");
      const removed = await unreact(bob, post.id, "love");
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ reactions: [{ reaction: "love", count: 1, reacted: false }] });
      const again = await unreact(bob, post.id, "love");
      expect(again.status).toBe(200);
      expect(again.body).toEqual(removed.body);
      expect((await unreact(carol, post.id, "love")).body).toEqual({ reactions: [] });
    });

    it("lets a member give several different reactions to one post, each counted once", async () => {
      const post = await newPost(await newTopic());
      await react(bob, post.id, "laugh");
      const res = await react(bob, post.id, "wow");
      expect(res.body.reactions).toEqual([
        { reaction: "laugh", count: 1, reacted: true },
        { reaction: "wow", count: 1, reacted: true },
      ]);
    });

    it("refuses one's own post with 403", async () => {
      const post = await newPost(await newTopic());
      for (const res of [await react(alice, post.id, "like"), await unreact(alice, post.id, "like")]) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe("You cannot react to your own post");
      }
      expect(await t.database.db.select().from(postReactions).where(eq(postReactions.postId, post.id))).toEqual([]);
    });

    it.each(["thumbsup", "LIKE", "Like", "", "like ", "constructor", "__proto__"])("refuses the unknown reaction %j with 400", async (reaction) => {
      const post = await newPost(await newTopic());
      const path = `/api/posts/${post.id}/reactions/${encodeURIComponent(reaction)}`;
      for (const res of [await bob.put(path), await bob.delete(path)]) {
        // An empty name is the path of the reactions list, which takes GET only (405); every other is the unknown reaction.
        expect(res.status).toBe(reaction === "" ? 405 : 400);
      }
      expect((await bob.put(`/api/posts/${post.id}/reactions/thumbsup`)).body.message).toBe("Unknown reaction");
    });

    it("answers 404 for a missing or deleted post and for a post in a topic nobody can see any more", async () => {
      expect((await react(bob, 999_999_999, "like")).status).toBe(404);
      expect((await react(bob, 0, "like")).status).toBe(404);
      expect((await bob.get("/api/posts/999999999/reactions")).status).toBe(404);

      const deleted = await newPost(await newTopic());
      await alice.delete(`/api/posts/${deleted.id}`);
      for (const res of [await react(bob, deleted.id, "like"), await unreact(bob, deleted.id, "like"), await bob.get(`/api/posts/${deleted.id}/reactions`)]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe("Post not found");
      }

      // A deleted member's topic is gone for readers at once, the posts of others in it too.
      const leaving = await newMember();
      const hidden = await newPost(await newTopic(leaving.agent), carol);
      await startMemberDeletion(t.database.db, { userId: leaving.id, requestedBy: null, content: "erase" });
      expect((await react(bob, hidden.id, "like")).status).toBe(404);
      expect((await bob.get(`/api/posts/${hidden.id}/reactions`)).status).toBe(404);
    });

    it("refuses a banned member with 403", async () => {
      const post = await newPost(await newTopic());
      const banned = await newMember();
      await t.database.db.execute(sql`UPDATE users SET is_banned = true, ban_reason = 'Spam' WHERE id = ${banned.id}`);
      const res = await react(banned.agent, post.id, "like");
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Account banned");
      expect((await bob.get(`/api/posts/${post.id}/reactions`)).body).toEqual({ reactions: [] });
    });

    it("refuses a body", async () => {
      const post = await newPost(await newTopic());
      expect((await react(bob, post.id, "like").send({ userId: aliceId })).status).toBe(400);
    });
  });

  describe("on every post of every answer", () => {
    let topicId: number;
    let ids: number[];
    beforeAll(async () => {
      topicId = await newTopic();
      ids = await insertPosts(t.database.db, { topicId, authorId: aliceId, count: 120 });
      // Given in the reverse of the set's order, by two members.
      for (const reaction of [...REACTIONS].reverse()) await react(bob, ids[60]!, reaction);
      await react(carol, ids[60]!, "sad");
      await react(carol, ids[60]!, "like");
      await react(carol, ids[110]!, "celebrate");
    });

    const expected60 = (viewer: "bob" | "carol" | "alice"): PostReaction[] =>
      REACTIONS.map((reaction) => {
        const byCarol = reaction === "sad" || reaction === "like";
        return { reaction, count: byCarol ? 2 : 1, reacted: viewer === "bob" || (viewer === "carol" && byCarol) };
      });

    it("lists only reactions with a count, in the set's order, with the viewer's own marked", async () => {
      expect((await pagePost(bob, topicId, ids[60]!)).reactions).toEqual(expected60("bob"));
      expect((await pagePost(carol, topicId, ids[60]!)).reactions).toEqual(expected60("carol"));
      expect((await pagePost(alice, topicId, ids[60]!)).reactions).toEqual(expected60("alice"));
      expect((await pagePost(alice, topicId, ids[0]!)).reactions).toEqual([]);
    });

    it("carries them on the after, before and around pages", async () => {
      const find = (list: Post[], id: number) => list.find((post) => post.id === id)!;
      const after = (await bob.get(`/api/topics/${topicId}/posts`).query({ after: ids[100] })).body as Post[];
      expect(find(after, ids[110]!).reactions).toEqual([{ reaction: "celebrate", count: 1, reacted: false }]);
      const before = (await carol.get(`/api/topics/${topicId}/posts`).query({ before: ids[70], limit: 20 })).body as Post[];
      expect(find(before, ids[60]!).reactions).toEqual(expected60("carol"));
      const around = (await bob.get(`/api/topics/${topicId}/posts`).query({ around: ids[100] })).body as Post[];
      expect(find(around, ids[60]!).reactions).toEqual(expected60("bob"));
      expect(find(around, ids[110]!).reactions).toEqual([{ reaction: "celebrate", count: 1, reacted: false }]);
      expect(around.every((post) => Array.isArray(post.reactions))).toBe(true);
    });

    it("carries them on a new post's answer and an edited post's answer", async () => {
      const created = await newPost(topicId, bob);
      expect(created.reactions).toEqual([]);
      await react(alice, created.id, "wow");
      const edited = await bob.patch(`/api/posts/${created.id}`).send({ content: "Edited" });
      expect(edited.body.reactions).toEqual([{ reaction: "wow", count: 1, reacted: false }]);
    });

    it("reads a page's reactions in one statement on post_reactions, however many posts have them", async () => {
      const reactionReads = async (query: Record<string, number>) => {
        const sent = await statementsSentDuring(t.database.pool, () => bob.get(`/api/topics/${topicId}/posts`).query(query));
        return sent.filter((config) => JSON.stringify(config).includes("post_reactions")).length;
      };
      // Posts 1-100: two of them reacted to; posts 101-120: one.
      expect(await reactionReads({ limit: 100 })).toBe(1);
      expect(await reactionReads({ after: ids[100]! })).toBe(1);
      expect(await reactionReads({ around: ids[60]! })).toBe(1);
    });
  });

  describe("who reacted", () => {
    it("lists each given reaction's members in the set's order, earliest first; the author sees them too", async () => {
      const post = await newPost(await newTopic());
      await react(carol, post.id, "celebrate");
      await react(bob, post.id, "celebrate");
      await react(bob, post.id, "like");
      const res = await alice.get(`/api/posts/${post.id}/reactions`);
      expect(res.status).toBe(200);
      const member = (agentId: number) => expect.objectContaining({ id: agentId, username: expect.any(String), avatar: null });
      expect(res.body).toEqual({
        reactions: [
          { reaction: "like", members: [member(bobId)] },
          { reaction: "celebrate", members: [member(carolId), member(bobId)] },
        ],
      });
      expect(Object.keys(res.body.reactions[0].members[0]).sort()).toEqual(["avatar", "id", "username"]);
    });
  });

  describe("the reaction notification", () => {
    it("is one unread notification per post, counting reactions, naming the latest to react", async () => {
      const topicId = await newTopic();
      const post = await newPost(topicId);
      const unreadBefore = await unreadCount(alice);
      await react(bob, post.id, "like");
      const [first] = await reactionNotices(alice);
      expect(first).toMatchObject({ type: "reaction", postId: post.id, topicId, topicTitle: "Thread", count: 1, readAt: null, actor: { id: bobId } });

      await react(carol, post.id, "love");
      await react(bob, post.id, "like"); // again: nothing new
      await react(bob, post.id, "wow");
      const notices = (await reactionNotices(alice)).filter((notice) => notice.postId === post.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ count: 3, actor: { id: bobId }, readAt: null });
      // It moved to the top (a new id), like a reply.
      expect(notices[0]!.id).toBeGreaterThan(first!.id);
      expect(await unreadCount(alice)).toBe(unreadBefore + 1);
      // Nobody else is told; the reactors are never told of their own doing.
      expect((await reactionNotices(bob)).filter((notice) => notice.postId === post.id)).toEqual([]);
    });

    it("stays exact when many members react and take back at once, and never names one who took theirs back", async () => {
      const crowd = await Promise.all(Array.from({ length: 12 }, () => newMember()));
      const topicId = await newTopic();
      // Rounds on fresh posts: the withdrawals race each other for the notification every time.
      for (const reaction of ["celebrate", "love", "wow", "laugh"] as const) {
        const post = await newPost(topicId);
        const given = await Promise.all(crowd.map((member) => react(member.agent, post.id, reaction)));
        expect(given.every((res) => res.status === 200)).toBe(true);
        let [notice] = (await reactionNotices(alice)).filter((n) => n.postId === post.id);
        expect(notice!.count).toBe(12);

        await Promise.all(crowd.slice(0, 9).map((member) => unreact(member.agent, post.id, reaction)));
        [notice] = (await reactionNotices(alice)).filter((n) => n.postId === post.id);
        expect(notice!.count).toBe(3);
        expect(crowd.slice(9).map((member) => member.id)).toContain(notice!.actor!.id);
        expect((await pagePost(alice, topicId, post.id)).reactions).toEqual([{ reaction, count: 3, reacted: false }]);
      }
    });

    it("never names as actor a member whose withdrawal raced another and lost", async () => {
      // B takes theirs back first but is slower: their withdrawal starts while A's holds the
      // notification, and A's, not seeing B's removal yet, has just named B.
      const post = await newPost(await newTopic());
      const [first, a, b] = [await newMember(), await newMember(), await newMember()];
      for (const member of [first, a, b]) await react(member.agent, post.id, "like");
      const { db, pool } = t.database;
      const removal = async (tx: Parameters<Parameters<typeof db.transaction>[0]>[0], userId: number) =>
        tx
          .delete(postReactions)
          .where(and(eq(postReactions.postId, post.id), eq(postReactions.userId, userId)))
          .returning({ postId: postReactions.postId, userId: postReactions.userId, createdAt: sql<string>`${postReactions.createdAt}::text` });

      let releaseA!: () => void;
      const aHolds = new Promise<void>((resolve) => (releaseA = resolve));
      let bRemoved!: () => void;
      const bHasRemoved = new Promise<void>((resolve) => (bRemoved = resolve));
      let letBWithdraw!: () => void;
      const bMayWithdraw = new Promise<void>((resolve) => (letBWithdraw = resolve));
      const bDone = db.transaction(async (tx) => {
        const removed = await removal(tx, b.id);
        bRemoved();
        await bMayWithdraw;
        await withdrawReactions(tx, removed);
      });
      await bHasRemoved;
      let aWithdrew!: () => void;
      const aHasWithdrawn = new Promise<void>((resolve) => (aWithdrew = resolve));
      const aDone = db.transaction(async (tx) => {
        await withdrawReactions(tx, await removal(tx, a.id));
        aWithdrew();
        await aHolds;
      });
      await aHasWithdrawn;
      letBWithdraw();
      // Until B's withdrawal waits for the notification A holds (bounded).
      for (let tries = 0; ; tries++) {
        const waiting = await pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()");
        if (waiting.rows[0].n > 0) break;
        if (tries > 500) throw new Error("B's withdrawal never waited for A's");
        await new Promise((resolve) => setImmediate(resolve));
      }
      releaseA();
      await Promise.all([aDone, bDone]);

      const [notice] = (await reactionNotices(alice)).filter((n) => n.postId === post.id);
      expect(notice).toMatchObject({ count: 1, actor: { id: first.id } });
    });

    it("is read once the author's read position reaches the post, and counts anew from then", async () => {
      const topicId = await newTopic();
      const post = await newPost(topicId);
      const later = await newPost(topicId, bob);
      await react(bob, post.id, "like");
      await react(carol, post.id, "like");
      const unread = await unreadCount(alice);

      const res = await alice.put(`/api/topics/${topicId}/read`).send({ postId: later.id });
      expect(res.status).toBe(200);
      const [read] = (await reactionNotices(alice)).filter((notice) => notice.postId === post.id);
      expect(read).toMatchObject({ count: 2 });
      expect(read!.readAt).not.toBeNull();
      expect(await unreadCount(alice)).toBeLessThan(unread);

      await react(carol, post.id, "laugh");
      const after = (await reactionNotices(alice)).filter((notice) => notice.postId === post.id);
      expect(after).toHaveLength(2);
      expect(after[0]).toMatchObject({ count: 1, actor: { id: carolId }, readAt: null });
    });

    it("marks only those about posts up to the position", async () => {
      const topicId = await newTopic();
      const early = await newPost(topicId);
      const late = await newPost(topicId);
      await react(bob, early.id, "like");
      await react(bob, late.id, "like");
      // Posting moved alice's own position to her newest post: back to the start, as if she had not read them.
      await t.database.db.execute(sql`UPDATE topic_reads SET last_read_post_id = 0 WHERE user_id = ${aliceId} AND topic_id = ${topicId}`);
      await alice.put(`/api/topics/${topicId}/read`).send({ postId: early.id });
      const notices = await reactionNotices(alice);
      expect(notices.find((notice) => notice.postId === early.id)!.readAt).not.toBeNull();
      expect(notices.find((notice) => notice.postId === late.id)!.readAt).toBeNull();
    });

    it("counts a reaction taken back no more, names the latest remaining reactor, and goes when none is left", async () => {
      const post = await newPost(await newTopic());
      await react(bob, post.id, "like");
      await react(carol, post.id, "love");
      await unreact(carol, post.id, "love");
      let [notice] = (await reactionNotices(alice)).filter((n) => n.postId === post.id);
      expect(notice).toMatchObject({ count: 1, actor: { id: bobId } });

      // Taken back and given again: still one reaction.
      await unreact(bob, post.id, "like");
      expect((await reactionNotices(alice)).filter((n) => n.postId === post.id)).toEqual([]);
      await react(bob, post.id, "like");
      [notice] = (await reactionNotices(alice)).filter((n) => n.postId === post.id);
      expect(notice).toMatchObject({ count: 1, actor: { id: bobId } });
    });

    it("leaves the new count alone when a reaction counted in an already read notification is taken back", async () => {
      const topicId = await newTopic();
      const post = await newPost(topicId);
      await react(bob, post.id, "like");
      await alice.put(`/api/topics/${topicId}/read`).send({ postId: post.id });
      await react(carol, post.id, "like");
      await unreact(bob, post.id, "like");
      const [unread] = (await reactionNotices(alice)).filter((n) => n.postId === post.id && n.readAt === null);
      expect(unread).toMatchObject({ count: 1, actor: { id: carolId } });
    });

    it("goes with its post when the post is deleted", async () => {
      const post = await newPost(await newTopic());
      await react(bob, post.id, "like");
      await alice.delete(`/api/posts/${post.id}`);
      const left = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, aliceId), eq(notifications.type, "reaction"), sql`${notifications.postId} IS NULL AND ${notifications.readAt} IS NULL`));
      expect(left).toEqual([]);
      expect(await t.database.db.select().from(postReactions).where(eq(postReactions.postId, post.id))).toEqual([]);
    });
  });

  describe("deleting a member", () => {
    it("removes their reactions: the counts, the list of who reacted and the author's notification follow", async () => {
      const topicId = await newTopic();
      const post = await newPost(topicId);
      const other = await newPost(topicId);
      const kept = await newPost(topicId);
      const leaving = await newMember();
      await react(bob, post.id, "like");
      await react(leaving.agent, post.id, "like");
      await react(leaving.agent, post.id, "love");
      await react(leaving.agent, other.id, "sad");
      // And one to the topic's opener (docs/product.md "The opener is a post").
      await leaving.agent.put(`/api/topics/${topicId}/reactions/laugh`).expect(200);
      // A read notification of several reactions, the last theirs: it outlives them, as a read reply does.
      await react(bob, kept.id, "like");
      await react(leaving.agent, kept.id, "wow");
      const [keptNotice] = (await reactionNotices(alice)).filter((n) => n.postId === kept.id);
      await alice.post("/api/notifications/read").send({ ids: [keptNotice!.id] });
      let [notice] = (await reactionNotices(alice)).filter((n) => n.postId === post.id);
      expect(notice).toMatchObject({ count: 3, actor: { id: leaving.id } });

      // Batches of one row: the job goes on over several batches, each leaving everything exact.
      await deleteUser(t.database.db, leaving.id, { batchSize: 1, storage: t.storage });

      expect((await pagePost(bob, topicId, post.id)).reactions).toEqual([{ reaction: "like", count: 1, reacted: true }]);
      expect((await pagePost(bob, topicId, other.id)).reactions).toEqual([]);
      expect((await bob.get(`/api/posts/${post.id}/reactions`)).body).toEqual({
        reactions: [{ reaction: "like", members: [expect.objectContaining({ id: bobId })] }],
      });
      [notice] = (await reactionNotices(alice)).filter((n) => n.postId === post.id);
      expect(notice).toMatchObject({ count: 1, actor: { id: bobId }, readAt: null });
      // Theirs alone: gone.
      expect((await reactionNotices(alice)).filter((n) => n.postId === other.id)).toEqual([]);
      expect((await reactionNotices(alice)).filter((n) => n.topicId === topicId && n.postId === null)).toEqual([]);
      expect(((await bob.get(`/api/topics/${topicId}`)).body as { reactions: unknown[] }).reactions).toEqual([]);
      expect(await t.database.db.select().from(postReactions).where(eq(postReactions.userId, leaving.id))).toEqual([]);
      expect((await reactionNotices(alice)).find((n) => n.id === keptNotice!.id)).toMatchObject({ count: 2, actor: null });
    });
  });

  it("limits reactions per member per minute, giving and taking back alike", async () => {
    const limited = await createTestApp({ RATE_LIMIT_REACTIONS_PER_MINUTE: "3" });
    try {
      const author = await insertMember(limited.database.db);
      const reactor = await insertMember(limited.database.db);
      const authorAgent = await signedInAgent(limited.app, author.username);
      const agent = await signedInAgent(limited.app, reactor.username);
      const topicId = (await authorAgent.post("/api/topics").send({ title: "t" })).body.id;
      const postId = (await authorAgent.post(`/api/topics/${topicId}/posts`).send({ content: "x" })).body.id;
      expect((await react(agent, postId, "like")).status).toBe(200);
      expect((await unreact(agent, postId, "like")).status).toBe(200);
      expect((await react(agent, postId, "love")).status).toBe(200);
      const res = await react(agent, postId, "wow");
      expect(res.status).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      // Another member has a budget of their own.
      expect((await react(authorAgent, postId, "wow")).status).toBe(403);
    } finally {
      await limited.close();
    }
  });
});
