import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONVERSATIONS_PAGE_SIZE, MESSAGES_PAGE_SIZE, NOT_ACCEPTING_MESSAGES } from "@shared/constants";
import type { Conversation, ConversationsPage, Message, MessagesPage } from "@shared/types";
import { deleteUser, startMemberDeletion } from "../../commands/delete-user";
import { conversations, messages } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, signedInAgent } from "../../test/fixtures";

/** docs/product.md "Private messages and blocking": every route's statuses and shapes, participants only, paging, reading, members. */
describe("private messages", () => {
  let t: TestApp;

  interface Member {
    id: number;
    username: string;
    agent: Agent;
  }
  const newMember = async (values: { isAdmin?: boolean; isModerator?: boolean } = {}): Promise<Member> => {
    const member = await insertMember(t.database.db, values);
    return { id: member.id, username: member.username, agent: await signedInAgent(t.app, member.username) };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const start = async (from: Member, to: Member[], content = "Hello there", title?: string) => {
    const res = await from.agent.post("/api/conversations").send({ usernames: to.map((member) => member.username), content, ...(title === undefined ? {} : { title }) });
    expect(res.status).toBe(201);
    return res.body as Conversation;
  };
  const send = async (from: Member, conversationId: number, content: string) => {
    const res = await from.agent.post(`/api/conversations/${conversationId}/messages`).send({ content });
    expect(res.status).toBe(201);
    return res.body as Message;
  };
  const list = async (member: Member, cursor?: string) =>
    (await member.agent.get(`/api/conversations${cursor ? `?cursor=${cursor}` : ""}`)).body as ConversationsPage;
  const messagesOf = async (member: Member, conversationId: number, before?: number) =>
    (await member.agent.get(`/api/conversations/${conversationId}/messages${before ? `?before=${before}` : ""}`)).body as MessagesPage;

  describe("starting a conversation", () => {
    it("answers 201 with the conversation in the list item's shape, its first message rendered", async () => {
      const [alice, bob, carol] = [await newMember(), await newMember(), await newMember()];
      const res = await alice.agent.post("/api/conversations").send({ usernames: [bob.username, carol.username.toUpperCase()], title: " Plans ", content: "**Hi** @" + bob.username });
      expect(res.status).toBe(201);
      const conversation = res.body as Conversation;
      expect(conversation).toEqual({
        id: expect.any(Number),
        title: "Plans",
        participants: [alice, bob, carol].map(({ id, username }) => ({ id, username, avatar: null, role: "member" })),
        lastMessage: { id: expect.any(Number), authorUsername: alice.username, excerpt: `Hi @${bob.username}`, createdAt: expect.any(String) },
        unreadCount: 0,
        updatedAt: conversation.lastMessage!.createdAt,
      });
      const page = await messagesOf(bob, conversation.id);
      expect(page.hasMore).toBe(false);
      expect(page.messages).toEqual([
        {
          id: conversation.lastMessage!.id,
          author: { id: alice.id, username: alice.username, avatar: null, role: "member" },
          content: "**Hi** @" + bob.username,
          html: `<p><strong>Hi</strong> <a href="/user/${bob.username}" class="mention" rel="nofollow ugc noopener">@${bob.username}</a></p>\n`,
          createdAt: conversation.lastMessage!.createdAt,
          deleted: false,
          viewerFlagged: false,
        },
      ]);
      // Without a title it is null; repeats and the caller's own name are dropped.
      const untitled = await start(alice, [bob, bob, alice]);
      expect(untitled.title).toBeNull();
      expect(untitled.participants.map((member) => member.id)).toEqual([alice.id, bob.id]);
    });

    it("marks staff next to their name: participants and message authors carry their role", async () => {
      const [member, moderator, admin] = [await newMember(), await newMember({ isModerator: true }), await newMember({ isAdmin: true })];
      const conversation = await start(moderator, [member, admin], "From the moderators");
      await send(admin, conversation.id, "And the admins");
      const roles = (participants: Conversation["participants"]) => Object.fromEntries(participants.map((person) => [person.id, person.role]));
      const expected = { [member.id]: "member", [moderator.id]: "moderator", [admin.id]: "admin" };
      expect(roles(conversation.participants)).toEqual(expected);
      const { messages: read } = await messagesOf(member, conversation.id);
      expect(read.map((message) => message.author?.role)).toEqual(["moderator", "admin"]);
      const listed = (await list(member)).conversations.find((item) => item.id === conversation.id)!;
      expect(roles(listed.participants)).toEqual(expected);
    });

    it("refuses bad bodies with 400 and unknown members with 404, creating nothing", async () => {
      const [alice, bob] = [await newMember(), await newMember()];
      const before = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(conversations);
      const post = (body: object) => alice.agent.post("/api/conversations").send(body);
      const tenOthers = Array.from({ length: 10 }, (_, i) => `nobody${i}`);
      for (const body of [
        { usernames: [], content: "x" },
        { usernames: tenOthers, content: "x" },
        { usernames: [bob.username], content: "   " },
        { usernames: [bob.username], content: "x".repeat(10_001) },
        { usernames: [bob.username], content: "x", title: "t".repeat(101) },
        { usernames: [bob.username], content: "x", isAdmin: true },
        { usernames: [alice.username], content: "only me" },
        { content: "x" },
      ]) {
        const res = await post(body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      }
      const unknown = await post({ usernames: [bob.username, "no_such_member"], content: "x" });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: "User not found: no_such_member" });
      expect(await t.database.db.select({ count: sql<number>`count(*)::int` }).from(conversations)).toEqual(before);
      // 10,000 characters and a 100-character title are fine; nine others are the most.
      const nine = await Promise.all(Array.from({ length: 9 }, () => newMember()));
      const full = await start(alice, nine, "x".repeat(10_000), "t".repeat(100));
      expect(full.participants).toHaveLength(10);
    });

    it("refuses a member being deleted (404) like one who never was", async () => {
      const [alice, bob] = [await newMember(), await newMember()];
      await startMemberDeletion(t.database.db, { userId: bob.id, requestedBy: null, content: "erase" });
      const res = await alice.agent.post("/api/conversations").send({ usernames: [bob.username], content: "Still there?" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: `User not found: ${bob.username}` });
      const carol = await newMember();
      const conversation = await start(alice, [carol]);
      expect((await alice.agent.post(`/api/conversations/${conversation.id}/participants`).send({ username: bob.username })).status).toBe(404);
    });

    it("keeps messages out of search", async () => {
      const [alice, bob] = [await newMember(), await newMember()];
      await start(alice, [bob], "zanzibarquokka secret plans");
      const res = await alice.agent.get("/api/search?q=zanzibarquokka");
      expect(res.status).toBe(200);
      expect(res.body.results).toEqual([]);
    });

    it("is not open to signed-out visitors (401)", async () => {
      const res = await request(t.app).post("/api/conversations").send({ usernames: ["x"], content: "x" });
      expect(res.status).toBe(401);
    });
  });

  describe("only participants", () => {
    it("answers 404 to everyone else, admins included, on every route, and changes nothing", async () => {
      const [alice, bob, eve] = [await newMember(), await newMember(), await newMember()];
      const admin = await newMember({ isAdmin: true });
      const conversation = await start(alice, [bob]);
      const messageId = conversation.lastMessage!.id;
      for (const outsider of [eve, admin]) {
        const calls = [
          outsider.agent.get(`/api/conversations/${conversation.id}`),
          outsider.agent.get(`/api/conversations/${conversation.id}/messages`),
          outsider.agent.post(`/api/conversations/${conversation.id}/messages`).send({ content: "let me in" }),
          outsider.agent.delete(`/api/conversations/${conversation.id}/messages/${messageId}`),
          outsider.agent.put(`/api/conversations/${conversation.id}/read`).send({ messageId }),
          outsider.agent.post(`/api/conversations/${conversation.id}/participants`).send({ username: outsider.username }),
          outsider.agent.delete(`/api/conversations/${conversation.id}/participants/me`),
        ];
        for (const res of await Promise.all(calls)) {
          expect(res.status).toBe(404);
          expect(res.body).toEqual({ message: "Conversation not found" });
        }
        expect((await list(outsider)).conversations).toEqual([]);
      }
      const page = await messagesOf(alice, conversation.id);
      expect(page.messages.map((message) => message.id)).toEqual([messageId]);
      expect((await alice.agent.get(`/api/conversations/${conversation.id}`)).body.participants).toHaveLength(2);
      // Ids that name nothing are 404 too.
      for (const path of ["/api/conversations/0", "/api/conversations/abc", "/api/conversations/99999999"]) {
        expect((await alice.agent.get(path)).status).toBe(404);
      }
    });
  });

  describe("the list", () => {
    it("orders by latest activity, pages 20 at a time with nextCursor, and counts conversations with unread messages", async () => {
      const alice = await newMember();
      const others = await Promise.all(Array.from({ length: 3 }, () => newMember()));
      const made: Conversation[] = [];
      for (let i = 0; i < CONVERSATIONS_PAGE_SIZE + 2; i++) made.push(await start(others[i % 3]!, [alice], `Message ${i}`));
      // The first one becomes the most recent again.
      await send(others[0]!, made[0]!.id, "Bump");
      const first = await list(alice);
      expect(first.conversations).toHaveLength(CONVERSATIONS_PAGE_SIZE);
      expect(first.unreadCount).toBe(CONVERSATIONS_PAGE_SIZE + 2);
      expect(first.conversations[0]!.id).toBe(made[0]!.id);
      expect(first.conversations[0]!.unreadCount).toBe(2);
      expect(first.conversations[0]!.lastMessage!.excerpt).toBe("Bump");
      expect(first.conversations.slice(1).map((c) => c.id)).toEqual(made.slice(3).reverse().map((c) => c.id));
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await list(alice, first.nextCursor!);
      expect(second.conversations.map((c) => c.id)).toEqual([made[2]!.id, made[1]!.id]);
      expect(second.nextCursor).toBeNull();
      // The senders have read their own messages.
      expect((await list(others[1]!)).unreadCount).toBe(0);
    });
  });

  describe("messages", () => {
    it("pages 50 at a time, oldest first within the page, with hasMore and before", async () => {
      const [alice, bob] = [await newMember(), await newMember()];
      const conversation = await start(alice, [bob], "Message 0");
      const sent = [conversation.lastMessage!.id];
      for (let i = 1; i < MESSAGES_PAGE_SIZE + 5; i++) sent.push((await send(i % 2 ? bob : alice, conversation.id, `Message ${i}`)).id);
      const newest = await messagesOf(alice, conversation.id);
      expect(newest.messages.map((m) => m.id)).toEqual(sent.slice(5));
      expect(newest.hasMore).toBe(true);
      const older = await messagesOf(alice, conversation.id, newest.messages[0]!.id);
      expect(older.messages.map((m) => m.id)).toEqual(sent.slice(0, 5));
      expect(older.hasMore).toBe(false);
      expect((await alice.agent.get(`/api/conversations/${conversation.id}/messages?before=x`)).status).toBe(400);
    });

    it("answers 201 with the message, refuses empty and over-long text, and discards the sender's draft", async () => {
      const [alice, bob] = [await newMember(), await newMember()];
      const conversation = await start(alice, [bob]);
      const key = `conversation-${conversation.id}`;
      expect((await bob.agent.put(`/api/drafts/${key}`).send({ content: "half-typed" })).status).toBe(204);
      const res = await bob.agent.post(`/api/conversations/${conversation.id}/messages`).send({ content: "Got it ~~no~~" });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        author: { id: bob.id, username: bob.username, avatar: null, role: "member" },
        content: "Got it ~~no~~",
        html: "<p>Got it <del>no</del></p>\n",
        createdAt: expect.any(String),
        deleted: false,
        viewerFlagged: false,
      });
      expect((await bob.agent.get(`/api/drafts/${key}`)).status).toBe(204);
      for (const content of ["", "  ", "x".repeat(10_001)]) {
        expect((await bob.agent.post(`/api/conversations/${conversation.id}/messages`).send({ content })).status).toBe(400);
      }
      expect((await bob.agent.post(`/api/conversations/${conversation.id}/messages`).send({ content: "x", extra: 1 })).status).toBe(400);
    });

    it("lets only its author delete a message, which stays in place empty", async () => {
      const [alice, bob] = [await newMember(), await newMember()];
      const conversation = await start(alice, [bob], "Oops");
      const messageId = conversation.lastMessage!.id;
      const refused = await bob.agent.delete(`/api/conversations/${conversation.id}/messages/${messageId}`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: "You can only delete your own messages" });
      const res = await alice.agent.delete(`/api/conversations/${conversation.id}/messages/${messageId}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: messageId, deleted: true, content: "", html: "" });
      expect((await messagesOf(bob, conversation.id)).messages).toEqual([res.body]);
      const item = (await bob.agent.get(`/api/conversations/${conversation.id}`)).body as Conversation;
      expect(item.lastMessage!.excerpt).toBe("");
      expect(item.unreadCount).toBe(0);
      expect((await alice.agent.delete(`/api/conversations/${conversation.id}/messages/99999999`)).status).toBe(404);
      // A message of another conversation is not found under this one.
      const other = await start(alice, [bob]);
      expect((await alice.agent.delete(`/api/conversations/${conversation.id}/messages/${other.lastMessage!.id}`)).status).toBe(404);
    });
  });

  describe("reading", () => {
    it("moves the read position forward only, never past the newest message, and the counts follow", async () => {
      const [alice, bob] = [await newMember(), await newMember()];
      const conversation = await start(alice, [bob], "One");
      const two = await send(alice, conversation.id, "Two");
      const three = await send(alice, conversation.id, "Three");
      expect((await bob.agent.get(`/api/conversations/${conversation.id}`)).body.unreadCount).toBe(3);
      const read = (messageId: number) => bob.agent.put(`/api/conversations/${conversation.id}/read`).send({ messageId });
      expect((await read(two.id)).body).toEqual({ lastReadMessageId: two.id });
      expect((await bob.agent.get(`/api/conversations/${conversation.id}`)).body.unreadCount).toBe(1);
      expect((await read(conversation.lastMessage!.id)).body).toEqual({ lastReadMessageId: two.id });
      expect((await read(three.id + 1000)).body).toEqual({ lastReadMessageId: three.id });
      expect((await list(bob)).unreadCount).toBe(0);
      expect((await bob.agent.put(`/api/conversations/${conversation.id}/read`).send({})).status).toBe(400);
      expect((await bob.agent.put(`/api/conversations/${conversation.id}/read`).send({ messageId: "x" })).status).toBe(400);
    });
  });

  describe("members", () => {
    it("lets any participant add members up to 10, and refuses repeats", async () => {
      const [alice, bob] = [await newMember(), await newMember()];
      const conversation = await start(alice, [bob], "Start");
      const newcomers = await Promise.all(Array.from({ length: 8 }, () => newMember()));
      for (const [i, newcomer] of newcomers.entries()) {
        const adder = i % 2 ? alice : bob;
        const res = await adder.agent.post(`/api/conversations/${conversation.id}/participants`).send({ username: newcomer.username });
        expect(res.status).toBe(201);
        expect((res.body as Conversation).participants).toHaveLength(3 + i);
      }
      // The newcomer sees the history, unread.
      expect((await messagesOf(newcomers[0]!, conversation.id)).messages).toHaveLength(1);
      expect((await list(newcomers[0]!)).unreadCount).toBe(1);
      const eleventh = await newMember();
      const full = await alice.agent.post(`/api/conversations/${conversation.id}/participants`).send({ username: eleventh.username });
      expect(full.status).toBe(409);
      expect(full.body).toEqual({ message: "A conversation has at most 10 members" });
      const again = await alice.agent.post(`/api/conversations/${conversation.id}/participants`).send({ username: bob.username });
      expect(again.status).toBe(409);
      const unknown = await alice.agent.post(`/api/conversations/${conversation.id}/participants`).send({ username: "no_such_member" });
      expect(unknown.status).toBe(404);
      expect((await alice.agent.post(`/api/conversations/${conversation.id}/participants`).send({})).status).toBe(400);
    });

    it("lets a member leave (then it is a 404 for them); the last to leave takes it away", async () => {
      const [alice, bob] = [await newMember(), await newMember()];
      const conversation = await start(alice, [bob], "Bye");
      expect((await bob.agent.delete(`/api/conversations/${conversation.id}/participants/me`)).status).toBe(204);
      expect((await bob.agent.get(`/api/conversations/${conversation.id}`)).status).toBe(404);
      expect((await list(bob)).conversations).toEqual([]);
      expect((await alice.agent.get(`/api/conversations/${conversation.id}`)).body.participants.map((m: { id: number }) => m.id)).toEqual([alice.id]);
      // Bob's message stays after he left.
      await send(alice, conversation.id, "Anyone?");
      expect((await alice.agent.delete(`/api/conversations/${conversation.id}/participants/me`)).status).toBe(204);
      expect(await t.database.db.select().from(conversations).where(eq(conversations.id, conversation.id))).toEqual([]);
    });
  });

  describe("blocking", () => {
    it("refuses to put a member who blocked the caller in a conversation (403), unless the caller is an admin or a moderator", async () => {
      const [alice, bob, carol] = [await newMember(), await newMember(), await newMember()];
      const admin = await newMember({ isAdmin: true });
      expect((await bob.agent.put(`/api/blocks/${alice.username}`)).status).toBe(204);
      expect((await bob.agent.put(`/api/blocks/${admin.username}`)).status).toBe(204);
      const refused = await alice.agent.post("/api/conversations").send({ usernames: [carol.username, bob.username], content: "Hi" });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: NOT_ACCEPTING_MESSAGES });
      const withCarol = await start(alice, [carol]);
      const adding = await carol.agent.post(`/api/conversations/${withCarol.id}/participants`).send({ username: bob.username });
      expect(adding.status).toBe(201);
      const byAlice = await start(alice, [carol]);
      const refusedAdd = await alice.agent.post(`/api/conversations/${byAlice.id}/participants`).send({ username: bob.username });
      expect(refusedAdd.status).toBe(403);
      expect(refusedAdd.body).toEqual({ message: NOT_ACCEPTING_MESSAGES });
      // Blocking an admin or a moderator is accepted, but their messages still arrive.
      const fromAdmin = await start(admin, [bob], "From the staff");
      expect((await messagesOf(bob, fromAdmin.id)).messages[0]!.content).toBe("From the staff");
      const moderator = await newMember({ isModerator: true });
      expect((await bob.agent.put(`/api/blocks/${moderator.username}`)).status).toBe(204);
      const fromModerator = await start(moderator, [bob], "From a moderator");
      expect((await messagesOf(bob, fromModerator.id)).messages[0]!.content).toBe("From a moderator");
      // Unblocked, she may again.
      expect((await bob.agent.delete(`/api/blocks/${alice.username}`)).status).toBe(204);
      await start(alice, [bob]);
    });

    it("lists, adds and removes blocks idempotently; self and unknown names are refused", async () => {
      const [alice, bob, carol] = [await newMember(), await newMember(), await newMember()];
      expect((await alice.agent.get("/api/blocks")).body).toEqual({ blocks: [] });
      await alice.agent.put(`/api/blocks/${bob.username}`);
      await alice.agent.put(`/api/blocks/${bob.username}`);
      await alice.agent.put(`/api/blocks/${carol.username.toUpperCase()}`);
      expect((await alice.agent.get("/api/blocks")).body).toEqual({
        blocks: [carol, bob].map(({ id, username }) => ({ id, username, avatar: null })),
      });
      expect((await alice.agent.delete(`/api/blocks/${carol.username}`)).status).toBe(204);
      expect((await alice.agent.delete(`/api/blocks/${carol.username}`)).status).toBe(204);
      expect((await alice.agent.get("/api/blocks")).body.blocks).toHaveLength(1);
      const self = await alice.agent.put(`/api/blocks/${alice.username}`);
      expect(self.status).toBe(400);
      expect(self.body).toEqual({ message: "You cannot block yourself" });
      expect((await alice.agent.put("/api/blocks/no_such_member")).status).toBe(404);
      expect((await alice.agent.put("/api/blocks/bad%20name")).status).toBe(404);
      expect((await alice.agent.put(`/api/blocks/${bob.username}`).send({ extra: 1 })).status).toBe(400);
    });
  });

  describe("deleting a member", () => {
    it("deletes their messages; their conversations keep the rest", async () => {
      const [alice, bob, carol] = [await newMember(), await newMember(), await newMember()];
      const conversation = await start(alice, [bob, carol], "From Alice");
      await send(bob, conversation.id, "From Bob");
      await send(carol, conversation.id, "From Carol");
      await deleteUser(t.database.db, bob.id, { batchSize: 1, storage: t.storage });
      expect(await t.database.db.select().from(messages).where(eq(messages.authorId, bob.id))).toEqual([]);
      const page = await messagesOf(alice, conversation.id);
      expect(page.messages.map((m) => m.content)).toEqual(["From Alice", "From Carol"]);
      const item = (await alice.agent.get(`/api/conversations/${conversation.id}`)).body as Conversation;
      expect(item.participants.map((m) => m.id)).toEqual([alice.id, carol.id]);
    });
  });
});
