import { describe, expect, it } from "vitest";
import type { Conversation, Message, MessageEvent, WsServerMessage } from "@shared/types";
import { insertMember } from "../test/fixtures";
import { twoProcesses, type PresenceServer } from "./test-support";

const isMessage = (message: WsServerMessage): message is MessageEvent => message.type === "message";

/** docs/product.md "Private messages and blocking", live: a new message reaches every open connection of every participant, on any process. */
describe("live private messages", () => {
  const world = twoProcesses();

  const post = (server: PresenceServer, cookie: string, path: string, body: unknown) => server.send("POST", cookie, path, body);

  it("reaches every tab of every participant on both processes, the sender's included, and nobody else", async () => {
    const { database, one, two, sockets } = world;
    const [alice, bob, carol, eve] = await Promise.all([1, 2, 3, 4].map(() => insertMember(database.db)));
    const aliceCookie = await one.signIn(alice!.username);
    const bobOnOne = await one.signIn(bob!.username);
    const bobOnTwo = await two.signIn(bob!.username);
    const carolCookie = await two.signIn(carol!.username);
    const eveCookie = await two.signIn(eve!.username);
    const participantTabs = [await one.connect(aliceCookie), await one.connect(bobOnOne), await two.connect(bobOnTwo), await two.connect(carolCookie)];
    const eveTab = await two.connect(eveCookie);
    sockets.push(...participantTabs, eveTab);

    const created = await post(one, aliceCookie, "/api/conversations", { usernames: [bob!.username, carol!.username], content: "First" });
    expect(created.status).toBe(201);
    const conversation = (await created.json()) as Conversation;
    for (const tab of participantTabs) {
      expect(await tab.next(isMessage)).toMatchObject({ type: "message", conversationId: conversation.id, message: { id: conversation.lastMessage!.id, content: "First" } });
    }

    const sent = await post(two, carolCookie, `/api/conversations/${conversation.id}/messages`, { content: "**Second**" });
    expect(sent.status).toBe(201);
    const message = (await sent.json()) as Message;
    for (const tab of participantTabs) {
      expect(await tab.next((m) => isMessage(m) && m.message.id === message.id)).toEqual({ type: "message", conversationId: conversation.id, message });
    }
    await expect(eveTab.next(isMessage, 500)).rejects.toThrow(/no matching message/);
  });

  it("tells the reader's other tabs, on both processes, that they read a conversation, and nobody else", async () => {
    const { database, one, two, sockets } = world;
    const [alice, bob] = await Promise.all([1, 2].map(() => insertMember(database.db)));
    const aliceOnOne = await one.signIn(alice!.username);
    const aliceOnTwo = await two.signIn(alice!.username);
    const bobCookie = await two.signIn(bob!.username);
    const aliceTabs = [await one.connect(aliceOnOne), await two.connect(aliceOnTwo)];
    const bobTab = await two.connect(bobCookie);
    sockets.push(...aliceTabs, bobTab);
    const conversation = (await (await post(two, bobCookie, "/api/conversations", { usernames: [alice!.username], content: "Unread" })).json()) as Conversation;
    const unread = conversation.lastMessage!.id;
    for (const tab of [...aliceTabs, bobTab]) await tab.next(isMessage);

    const read = (server: PresenceServer, cookie: string, messageId: number) =>
      fetch(`${server.origin}/api/conversations/${conversation.id}/read`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", cookie, origin: server.origin },
        body: JSON.stringify({ messageId }),
      });
    expect((await read(one, aliceOnOne, unread)).status).toBe(200);
    for (const tab of aliceTabs) {
      expect(await tab.next((m) => m.type === "conversation_read")).toEqual({ type: "conversation_read", conversationId: conversation.id, lastReadMessageId: unread });
    }
    // Reading again moves nothing and tells nobody; Bob hears only of his own reading (the sender
    // has read their message already, so he answers first). Events of one channel arrive in commit order.
    expect((await read(two, aliceOnTwo, unread)).status).toBe(200);
    const answer = (await (await post(two, bobCookie, `/api/conversations/${conversation.id}/messages`, { content: "Answer" })).json()) as Message;
    expect((await read(one, aliceOnOne, answer.id)).status).toBe(200);
    for (const tab of aliceTabs) {
      expect(await tab.next((m) => m.type === "conversation_read")).toEqual({ type: "conversation_read", conversationId: conversation.id, lastReadMessageId: answer.id });
    }
    const other = (await (await post(one, aliceOnOne, "/api/conversations", { usernames: [bob!.username], content: "To Bob" })).json()) as Conversation;
    await fetch(`${two.origin}/api/conversations/${other.id}/read`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", cookie: bobCookie, origin: two.origin },
      body: JSON.stringify({ messageId: other.lastMessage!.id }),
    });
    expect(await bobTab.next((m) => m.type === "conversation_read")).toEqual({ type: "conversation_read", conversationId: other.id, lastReadMessageId: other.lastMessage!.id });
  });

  it("hears a watched word added on the other process: the author's tabs get the source, the others ■■■ (docs/decisions/064)", async () => {
    const { database, one, two, sockets } = world;
    const [alice, bob, admin] = await Promise.all([{}, {}, { isAdmin: true }].map((values) => insertMember(database.db, values)));
    const aliceCookie = await one.signIn(alice!.username);
    const bobCookie = await two.signIn(bob!.username);
    const adminCookie = await two.signIn(admin!.username);
    const aliceTab = await one.connect(aliceCookie);
    const bobTab = await two.connect(bobCookie);
    sockets.push(aliceTab, bobTab);
    // Process one compiles its list (no words yet) with this first message.
    const created = await post(one, aliceCookie, "/api/conversations", { usernames: [bob!.username], content: "Hello heck" });
    const conversation = (await created.json()) as Conversation;
    expect(await bobTab.next(isMessage)).toMatchObject({ message: { content: "Hello heck" } });
    await aliceTab.next(isMessage);

    expect((await post(two, adminCookie, "/api/admin/watched-words", { word: "heck", action: "censor" })).status).toBe(201);
    await expect
      .poll(async () => {
        const sent = (await (await post(one, aliceCookie, `/api/conversations/${conversation.id}/messages`, { content: "oh heck" })).json()) as Message;
        return sent.html;
      }, { timeout: 5_000 })
      .toBe("<p>oh ■■■</p>\n");
    const censored = (await bobTab.next((m) => isMessage(m) && m.message.html === "<p>oh ■■■</p>\n")) as MessageEvent;
    expect(censored.message.content).toBe("oh ■■■");
    const own = (await aliceTab.next((m) => isMessage(m) && m.message.id === censored.message.id)) as MessageEvent;
    expect(own.message.content).toBe("oh heck");
  });
});
