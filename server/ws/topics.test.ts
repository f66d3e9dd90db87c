import { describe, expect, it } from "vitest";
import type { TopicEventMessage, WsServerMessage } from "@shared/types";
import { insertMember } from "../test/fixtures";
import { twoProcesses, type PresenceServer, type TestSocket } from "./test-support";

type Event = TopicEventMessage["event"];
const isTopicEvent = (message: WsServerMessage): message is TopicEventMessage => message.type === "topic_event";
const eventIn = (topicId: number, event: Event) => (message: WsServerMessage): message is TopicEventMessage =>
  isTopicEvent(message) && message.topicId === topicId && message.event === event;

/** Sends a follow message and waits until the server has acted on it (it answers `authenticate` in order). */
async function follow(socket: TestSocket, type: "subscribe" | "unsubscribe", topics: number[] | "list") {
  socket.send({ type, topics });
  socket.send({ type: "authenticate", userId: 1 });
  await socket.next((m) => m.type === "online_users");
}

describe("live topics", () => {
  const world = twoProcesses();
  const send = (server: PresenceServer, cookie: string, method: string, path: string, body?: unknown) => server.send(method, cookie, path, body);
  const json = async <T>(response: Response) => (await response.json()) as T;

  it("passes each change in a followed topic, from either process, to its followers on both, as ids; others hear none of it", async () => {
    const { database, one, two, sockets } = world;
    const admin = await insertMember(database.db, { isAdmin: true });
    const alice = await insertMember(database.db);
    const bob = await insertMember(database.db);
    const adminCookie = await two.signIn(admin.username);
    const aliceCookie = await one.signIn(alice.username);
    const bobCookie = await two.signIn(bob.username);
    const topic = await json<{ id: number }>(await send(one, aliceCookie, "POST", "/api/topics", { title: "Followed" }));
    const other = await json<{ id: number }>(await send(one, aliceCookie, "POST", "/api/topics", { title: "Elsewhere" }));
    const readers = [await one.connect(bobCookie), await two.connect(bobCookie)];
    const elsewhere = await one.connect(aliceCookie);
    sockets.push(...readers, elsewhere);
    for (const reader of readers) await follow(reader, "subscribe", [topic.id]);
    await follow(elsewhere, "subscribe", [other.id]);

    const reply = await json<{ id: number }>(await send(two, aliceCookie, "POST", `/api/topics/${topic.id}/posts`, { content: "First" }));
    for (const reader of readers) {
      expect(await reader.next(eventIn(topic.id, "post_created"))).toEqual({ type: "topic_event", topicId: topic.id, event: "post_created", postId: reply.id, lastPostNumber: 1 });
    }
    expect((await send(one, aliceCookie, "PATCH", `/api/posts/${reply.id}`, { content: "First, edited" })).status).toBe(200);
    expect((await send(two, bobCookie, "PUT", `/api/posts/${reply.id}/reactions/like`)).status).toBe(200);
    expect((await send(one, bobCookie, "DELETE", `/api/posts/${reply.id}/reactions/like`)).status).toBe(200);
    expect((await send(one, aliceCookie, "PATCH", `/api/topics/${topic.id}`, { title: "Followed, renamed" })).status).toBe(200);
    // A reaction to the opener reads as an edit of the topic (docs/product.md "The opener is a post").
    expect((await send(two, bobCookie, "PUT", `/api/topics/${topic.id}/reactions/like`)).status).toBe(200);
    // A staff flag hides the post at once.
    expect((await send(two, adminCookie, "POST", "/api/flags", { targetType: "post", targetId: reply.id, reason: "spam" })).status).toBe(201);
    expect((await send(two, aliceCookie, "DELETE", `/api/posts/${reply.id}`)).status).toBe(200);
    expect((await send(two, adminCookie, "DELETE", `/api/topics/${topic.id}`)).status).toBe(200);
    for (const reader of readers) {
      expect(await reader.next(eventIn(topic.id, "post_edited"))).toMatchObject({ postId: reply.id, lastPostNumber: 1 });
      expect(await reader.next(eventIn(topic.id, "reactions"))).toMatchObject({ postId: reply.id });
      expect(await reader.next(eventIn(topic.id, "reactions"))).toMatchObject({ postId: reply.id });
      expect(await reader.next(eventIn(topic.id, "topic_edited"))).toEqual({ type: "topic_event", topicId: topic.id, event: "topic_edited", lastPostNumber: 1 });
      expect(await reader.next(eventIn(topic.id, "topic_edited"))).toEqual({ type: "topic_event", topicId: topic.id, event: "topic_edited", lastPostNumber: 1 });
      expect(await reader.next(eventIn(topic.id, "post_hidden"))).toMatchObject({ postId: reply.id, lastPostNumber: 1 });
      expect(await reader.next(eventIn(topic.id, "post_deleted"))).toMatchObject({ postId: reply.id, lastPostNumber: 0 });
      expect(await reader.next(eventIn(topic.id, "topic_deleted"))).toMatchObject({ topicId: topic.id });
      // Ids only: no text of any post or title.
      expect(JSON.stringify(reader.messages)).not.toMatch(/First|renamed/);
    }

    // A socket following another topic heard none of these: its first event is its own topic's.
    await send(one, aliceCookie, "POST", `/api/topics/${other.id}/posts`, { content: "Here" });
    expect(await elsewhere.next(isTopicEvent)).toMatchObject({ topicId: other.id, event: "post_created" });
    expect(elsewhere.messages.filter(isTopicEvent).every((m) => m.topicId === other.id)).toBe(true);
  });

  it("stops after unsubscribe, and refuses a sixth topic with a message", async () => {
    const { database, one, sockets } = world;
    const alice = await insertMember(database.db);
    const cookie = await one.signIn(alice.username);
    const topics: Array<{ id: number }> = [];
    for (let n = 0; n < 6; n++) topics.push(await json<{ id: number }>(await send(one, cookie, "POST", "/api/topics", { title: `Topic ${n}` })));
    const socket = await one.connect(cookie);
    sockets.push(socket);

    await follow(socket, "subscribe", topics.slice(0, 5).map((t) => t.id));
    socket.send({ type: "subscribe", topics: [topics[5]!.id] });
    expect(await socket.next((m) => m.type === "error")).toEqual({ type: "error", message: "A connection follows at most 5 topics at once" });
    await follow(socket, "unsubscribe", [topics[0]!.id]);
    await follow(socket, "subscribe", [topics[5]!.id]);

    await send(one, cookie, "POST", `/api/topics/${topics[0]!.id}/posts`, { content: "Unheard" });
    await send(one, cookie, "POST", `/api/topics/${topics[5]!.id}/posts`, { content: "Heard" });
    expect(await socket.next(isTopicEvent)).toMatchObject({ topicId: topics[5]!.id, event: "post_created" });
    expect(socket.messages.filter(isTopicEvent).some((m) => m.topicId === topics[0]!.id)).toBe(false);
  });

  it("tells the list's followers of new and bumped topics, and the topic's followers nothing of others", async () => {
    const { database, one, two, sockets } = world;
    const alice = await insertMember(database.db);
    const aliceCookie = await one.signIn(alice.username);
    const lists = [await one.connect(aliceCookie), await two.connect(aliceCookie)];
    sockets.push(...lists);
    for (const list of lists) await follow(list, "subscribe", "list");

    const topic = await json<{ id: number }>(await send(two, aliceCookie, "POST", "/api/topics", { title: "Brand new" }));
    const reply = await json<{ id: number }>(await send(one, aliceCookie, "POST", `/api/topics/${topic.id}/posts`, { content: "Bump" }));
    for (const list of lists) {
      expect(await list.next(eventIn(topic.id, "topic_created"))).toEqual({ type: "topic_event", topicId: topic.id, event: "topic_created", lastPostNumber: 0 });
      expect(await list.next(eventIn(topic.id, "topic_bumped"))).toEqual({ type: "topic_event", topicId: topic.id, event: "topic_bumped", postId: reply.id, lastPostNumber: 1 });
      // The list hears no post-level events.
      expect(list.messages.filter(isTopicEvent).map((m) => m.event)).toEqual(["topic_created", "topic_bumped"]);
    }
    await follow(lists[0]!, "unsubscribe", "list");
    const later = await json<{ id: number }>(await send(one, aliceCookie, "POST", "/api/topics", { title: "Later" }));
    expect(await lists[1]!.next(eventIn(later.id, "topic_created"))).toMatchObject({ topicId: later.id });
    expect(lists[0]!.messages.filter(isTopicEvent).some((m) => m.topicId === later.id)).toBe(false);
  });

  it("passes typing on to the topic's other followers on both processes, once each 3 s, never from a silenced member nor to one who blocked the typist", async () => {
    const { database, one, two, sockets } = world;
    const alice = await insertMember(database.db);
    const bob = await insertMember(database.db);
    const carol = await insertMember(database.db);
    const quiet = await insertMember(database.db, { silencedUntil: new Date(Date.now() + 86_400_000) });
    const aliceCookie = await one.signIn(alice.username);
    const bobCookie = await two.signIn(bob.username);
    const carolCookie = await one.signIn(carol.username);
    const quietCookie = await one.signIn(quiet.username);
    const topic = await json<{ id: number }>(await send(one, aliceCookie, "POST", "/api/topics", { title: "Typing" }));
    // Carol blocked Alice.
    expect((await send(one, carolCookie, "PUT", `/api/blocks/${alice.username}`)).status).toBe(204);
    const [aliceTab, bobTab, carolTab, quietTab, unfollowing] = [
      await one.connect(aliceCookie),
      await two.connect(bobCookie),
      await one.connect(carolCookie),
      await one.connect(quietCookie),
      await two.connect(bobCookie),
    ];
    sockets.push(aliceTab, bobTab, carolTab, quietTab, unfollowing);
    for (const tab of [aliceTab, bobTab, carolTab, quietTab]) await follow(tab, "subscribe", [topic.id]);

    aliceTab.send({ type: "typing", topicId: topic.id });
    aliceTab.send({ type: "typing", topicId: topic.id });
    quietTab.send({ type: "typing", topicId: topic.id });
    expect(await bobTab.next((m) => m.type === "typing")).toEqual({ type: "typing", topicId: topic.id, username: alice.username });
    // Bob types too: Carol hears him, which shows Alice's typing had its turn and was kept from her.
    bobTab.send({ type: "typing", topicId: topic.id });
    expect(await carolTab.next((m) => m.type === "typing")).toEqual({ type: "typing", topicId: topic.id, username: bob.username });
    expect(await aliceTab.next((m) => m.type === "typing")).toMatchObject({ username: bob.username });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const typed = (tab: TestSocket) => tab.messages.filter((m) => m.type === "typing").map((m) => (m as { username: string }).username);
    expect(typed(bobTab)).toEqual([alice.username]); // once, not twice; the silenced member never
    expect(typed(carolTab)).toEqual([bob.username]);
    expect(typed(aliceTab)).toEqual([bob.username]); // nobody hears their own
    expect(typed(unfollowing)).toEqual([]);
  });

  it("sends a banned member's socket nothing more: it is closed", async () => {
    const { database, one, two, sockets } = world;
    const admin = await insertMember(database.db, { isAdmin: true });
    const alice = await insertMember(database.db);
    const adminCookie = await two.signIn(admin.username);
    const aliceCookie = await one.signIn(alice.username);
    const topic = await json<{ id: number }>(await send(two, adminCookie, "POST", "/api/topics", { title: "Banned reader" }));
    const tab = await one.connect(aliceCookie);
    sockets.push(tab);
    await follow(tab, "subscribe", [topic.id]);

    expect((await send(two, adminCookie, "POST", `/api/admin/users/${alice.id}/ban`, { reason: "Spam" })).status).toBe(200);
    expect((await tab.closed).code).toBe(4403);
    const heard = tab.messages.length;
    await send(two, adminCookie, "POST", `/api/topics/${topic.id}/posts`, { content: "After the ban" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tab.messages.length).toBe(heard);
  });
});
