import { describe, expect, it } from "vitest";
import type { NotificationMessage, WsServerMessage } from "@shared/types";
import { insertMember } from "../test/fixtures";
import { twoProcesses, type PresenceServer } from "./test-support";

const isNotification = (message: WsServerMessage): message is NotificationMessage => message.type === "notification";

describe("live notifications", () => {
  const world = twoProcesses();

  const send = (method: string, server: PresenceServer, cookie: string, path: string, body?: unknown) => server.send(method, cookie, path, body);
  const post = (server: PresenceServer, cookie: string, path: string, body: unknown) => server.send("POST", cookie, path, body);

  it("reaches every tab of the recipient on every server process, and nobody else", async () => {
    const { database, one, two, sockets } = world;
    const alice = await insertMember(database.db);
    const bob = await insertMember(database.db);
    const aliceOnOne = await one.signIn(alice.username);
    const aliceOnTwo = await two.signIn(alice.username);
    const bobCookie = await one.signIn(bob.username);
    const tabs = [await one.connect(aliceOnOne), await two.connect(aliceOnTwo)];
    const bobTab = await one.connect(bobCookie);
    sockets.push(...tabs, bobTab);

    const topic = (await (await post(one, aliceOnOne, "/api/topics", { title: "Live" })).json()) as { id: number };
    const reply = await post(two, bobCookie, `/api/topics/${topic.id}/posts`, { content: `Ping @${alice.username}` });
    expect(reply.status).toBe(201);
    const postId = ((await reply.json()) as { id: number }).id;

    for (const tab of tabs) {
      const message = await tab.next(isNotification);
      expect(message).toMatchObject({
        type: "notification",
        unreadCount: 1,
        notification: { type: "mention", topicId: topic.id, topicTitle: "Live", postId, actor: { id: bob.id, username: bob.username } },
      });
    }
    // Bob wrote it: nothing for him.
    await expect(bobTab.next(isNotification, 500)).rejects.toThrow(/no matching message/);

    // A coalesced reply arrives again with its new count.
    const carol = await insertMember(database.db);
    const carolCookie = await two.signIn(carol.username);
    await post(two, carolCookie, `/api/topics/${topic.id}/posts`, { content: "me too" });
    await post(one, carolCookie, `/api/topics/${topic.id}/posts`, { content: "and again" });
    for (const tab of tabs) {
      // (The count-1 message may be skipped when the row has already taken its next id.)
      const latest = await tab.next((m) => isNotification(m) && m.notification.count === 2);
      expect(latest).toMatchObject({ unreadCount: 2, notification: { type: "reply", count: 2, actor: { id: carol.id } } });
    }
    expect((await bobTab.next(isNotification)).notification).toMatchObject({ type: "reply", actor: { id: carol.id } });
  });

  it("tells every tab the new unread count when reading a topic marks notifications read", async () => {
    const { database, one, two, sockets } = world;
    const alice = await insertMember(database.db);
    const bob = await insertMember(database.db);
    const aliceCookie = await one.signIn(alice.username);
    const bobCookie = await two.signIn(bob.username);
    const tabs = [await one.connect(aliceCookie), await two.connect(aliceCookie)];
    sockets.push(...tabs);
    const topic = (await (await post(one, aliceCookie, "/api/topics", { title: "Read me" })).json()) as { id: number };
    const reply = (await (await post(two, bobCookie, `/api/topics/${topic.id}/posts`, { content: "New" })).json()) as { id: number };
    for (const tab of tabs) await tab.next(isNotification);

    expect((await send("PUT", one, aliceCookie, `/api/topics/${topic.id}/read`, { postId: reply.id })).status).toBe(200);
    for (const tab of tabs) expect(await tab.next((m) => m.type === "notifications_read")).toEqual({ type: "notifications_read", unreadCount: 0 });
  });

  it("tells every tab of the member, and nobody else, the new unread count when they mark notifications read", async () => {
    const { database, one, two, sockets } = world;
    const alice = await insertMember(database.db);
    const bob = await insertMember(database.db);
    const aliceCookie = await one.signIn(alice.username);
    const bobCookie = await two.signIn(bob.username);
    const aliceTabs = [await one.connect(aliceCookie), await two.connect(aliceCookie)];
    const bobTab = await two.connect(bobCookie);
    sockets.push(...aliceTabs, bobTab);
    const topic = (await (await post(one, aliceCookie, "/api/topics", { title: "Mark me" })).json()) as { id: number };
    await post(two, bobCookie, `/api/topics/${topic.id}/posts`, { content: `Hello @${alice.username}` });
    for (const tab of aliceTabs) await tab.next(isNotification);
    // Two for Bob, in two topics (Alice writing in her own topic would read hers).
    const mentionBob = async (title: string) => {
      const other = (await (await post(one, aliceCookie, "/api/topics", { title })).json()) as { id: number };
      await post(one, aliceCookie, `/api/topics/${other.id}/posts`, { content: `Hello @${bob.username}` });
      return bobTab.next(isNotification);
    };
    const bobsFirst = await mentionBob("Again");
    expect((await mentionBob("And again")).unreadCount).toBe(2);

    expect((await post(one, aliceCookie, "/api/notifications/read", {})).status).toBe(200);
    for (const tab of aliceTabs) expect(await tab.next((m) => m.type === "notifications_read")).toEqual({ type: "notifications_read", unreadCount: 0 });
    // Bob hears only of his own, one of two marked (events of one channel arrive in commit order).
    expect((await post(two, bobCookie, "/api/notifications/read", { ids: [bobsFirst.notification.id] })).status).toBe(200);
    expect(await bobTab.next((m) => m.type === "notifications_read")).toEqual({ type: "notifications_read", unreadCount: 1 });
  });

  it("brings a reaction to the author's tabs live, and its reading and withdrawal too", async () => {
    const { database, one, two, sockets } = world;
    const alice = await insertMember(database.db);
    const bob = await insertMember(database.db);
    const aliceCookie = await one.signIn(alice.username);
    const bobCookie = await two.signIn(bob.username);
    const tab = await one.connect(aliceCookie);
    sockets.push(tab);
    const topic = (await (await post(one, aliceCookie, "/api/topics", { title: "Likes" })).json()) as { id: number };
    const own = (await (await post(one, aliceCookie, `/api/topics/${topic.id}/posts`, { content: "Mine" })).json()) as { id: number };

    expect((await send("PUT", two, bobCookie, `/api/posts/${own.id}/reactions/like`)).status).toBe(200);
    expect(await tab.next(isNotification)).toMatchObject({
      unreadCount: 1,
      notification: { type: "reaction", postId: own.id, count: 1, actor: { id: bob.id } },
    });
    expect((await send("PUT", one, aliceCookie, `/api/topics/${topic.id}/read`, { postId: own.id })).status).toBe(200);
    expect(await tab.next((m) => m.type === "notifications_read")).toEqual({ type: "notifications_read", unreadCount: 0 });

    // Given and taken back before it was read: the bell hears it go.
    expect((await send("PUT", two, bobCookie, `/api/posts/${own.id}/reactions/love`)).status).toBe(200);
    await tab.next(isNotification);
    expect((await send("DELETE", two, bobCookie, `/api/posts/${own.id}/reactions/love`)).status).toBe(200);
    expect(await tab.next((m) => m.type === "notifications_read")).toEqual({ type: "notifications_read", unreadCount: 0 });
  });
});
