import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createListener } from "../db/listener";
import { createLogger } from "../logger";
import { createTestDatabase } from "../test/database";
import { channels, listen, publish } from "./channels";

describe("the channel registry", () => {
  it("names each channel once", () => {
    const names = Object.values(channels).map((channel) => channel.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("takes the payloads its publishers and the migrations' triggers send", () => {
    expect(channels.identityChanged.decode("u12")).toBe("u12");
    expect(channels.identityChanged.decode("sAbC-12_x")).toBe("sAbC-12_x");
    expect(channels.cardChanged.decode("*")).toBe("*");
    expect(channels.forumChanged.decode("t1 m2 l")).toBe("t1 m2 l");
    expect(channels.memberBlocksChanged.decode("")).toBe("");
    expect(channels.presence.decode('{"userId":3,"isOnline":true}')).toEqual({ userId: 3, isOnline: true });
    expect(channels.messages.decode('{"conversationId":1,"readerId":2,"lastReadMessageId":0}')).toEqual({ conversationId: 1, readerId: 2, lastReadMessageId: 0 });
    expect(channels.notifications.decode('{"userId":4}')).toEqual({ userId: 4 });
  });

  it("refuses what is not a payload of the channel, sending and receiving", () => {
    expect(() => channels.cardChanged.encode("member 3")).toThrow();
    expect(() => channels.presence.decode("not json")).toThrow();
    expect(() => channels.topicEvents.decode('{"topicId":"7","event":"post_created","lastPostNumber":1}')).toThrow();
    expect(() => channels.topicEvents.decode('{"topicId":7,"event":"post_read","lastPostNumber":1}')).toThrow();
    expect(() => channels.presenceControl.encode({ type: "disconnect_sessions", sessionIds: Array.from({ length: 101 }, () => "s") })).toThrow();
  });
});

describe("listen and publish", () => {
  const databaseReady = createTestDatabase();
  afterAll(async () => (await databaseReady).drop());

  it("hand a subscriber each payload decoded, in commit order, and drop one that breaks the shape", async () => {
    const database = await databaseReady;
    const listener = createListener({ connection: { connectionString: database.url }, logger: createLogger({ level: "silent" }) });
    await listener.start();
    const heard: number[] = [];
    const stop = await listen(listener, channels.topicEvents, { notify: ({ topicId }) => heard.push(topicId) });
    await publish(database.db, channels.topicEvents, { topicId: 1, event: "topic_deleted", lastPostNumber: 0 });
    const raw = new pg.Client({ connectionString: database.url });
    await raw.connect();
    await raw.query("SELECT pg_notify('topic_events', '{\"topicId\":\"two\",\"event\":\"topic_deleted\",\"lastPostNumber\":0}')");
    await raw.end();
    await publish(database.db, channels.topicEvents, { topicId: 3, event: "topic_deleted", lastPostNumber: 0 });
    await expect.poll(() => heard).toEqual([1, 3]);
    await stop();
    await listener.close();
  });
});
