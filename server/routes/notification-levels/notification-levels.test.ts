import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationsPage, TopicDetail, TopicLevelsPage, TopicListItem } from "@shared/types";
import { createTestApp, type TestApp } from "../../test/app";
import { statementsDuring } from "../../test/statements";
import { type Agent, insertMember, signedInAgent, uniqueName } from "../../test/fixtures";

/** INSERT statements of notifications the app sends while `run` runs. */
const insertsSent = async (run: () => Promise<unknown>) => (await statementsDuring(run)).filter((statement) => /INSERT INTO notifications/i.test(statement.text)).length;

describe("topic notification levels (watching, tracking, muted)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const person = async () => {
    const user = await insertMember(t.database.db);
    return { ...user, agent: await signedInAgent(t.app, user.username) };
  };
  const newTopic = async (agent: Agent, title = "Thread") => ((await agent.post("/api/topics").send({ title })).body as { id: number }).id;
  const post = async (agent: Agent, topicId: number, content = "A reply") => {
    const res = await agent.post(`/api/topics/${topicId}/posts`).send({ content });
    expect(res.status).toBe(201);
    return res.body as { id: number };
  };
  const setLevel = async (agent: Agent, topicId: number, level: string) => {
    const res = await agent.put(`/api/topics/${topicId}/notification-level`).send({ level });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ level });
  };
  const inbox = async (agent: Agent) => ((await agent.get("/api/notifications")).body as NotificationsPage).notifications;

  it("is tracking by default and carries the member's own level on the topic page and in the list", async () => {
    const [alice, bob] = [await person(), await person()];
    const topicId = await newTopic(alice.agent, "Levels");
    expect(((await bob.agent.get(`/api/topics/${topicId}`)).body as TopicDetail).notificationLevel).toBe("tracking");
    await setLevel(bob.agent, topicId, "watching");
    expect(((await bob.agent.get(`/api/topics/${topicId}`)).body as TopicDetail).notificationLevel).toBe("watching");
    const listed = async (agent: Agent, query = "") =>
      ((await agent.get(`/api/topics${query}`)).body as TopicListItem[]).find((topic) => topic.id === topicId)!.notificationLevel;
    // The cached first page and a filtered list (its own query) alike; another member's level is their own.
    expect(await listed(bob.agent)).toBe("watching");
    expect(await listed(bob.agent, "?limit=5")).toBe("watching");
    expect(await listed(alice.agent)).toBe("tracking");
    await setLevel(bob.agent, topicId, "muted");
    expect(await listed(bob.agent)).toBe("muted");
    await setLevel(bob.agent, topicId, "tracking");
    expect(await listed(bob.agent)).toBe("tracking");
    const rows = await t.database.db.execute(sql`SELECT 1 FROM topic_notification_levels WHERE topic_id = ${topicId}`);
    expect(rows.rows).toEqual([]);
  });

  it("watching: a member who never posted is told of every new post, coalesced into one unread reply, never of their own", async () => {
    const [alice, bob, watcher] = [await person(), await person(), await person()];
    const topicId = await newTopic(alice.agent);
    await setLevel(watcher.agent, topicId, "watching");
    const first = await post(bob.agent, topicId);
    await post(alice.agent, topicId);
    const [told] = await inbox(watcher.agent);
    expect(told).toMatchObject({ type: "reply", topicId, postId: first.id, count: 2, actor: { id: alice.id } });
    expect(await inbox(watcher.agent)).toHaveLength(1);
    // Reading the topic reads it, as a participant's.
    const last = await post(bob.agent, topicId);
    await watcher.agent.put(`/api/topics/${topicId}/read`).send({ postId: last.id }).expect(200);
    expect((await inbox(watcher.agent))[0]!.readAt).not.toBeNull();
  });

  it("tracking: a member who never posted is told of nothing; one who did is told of replies", async () => {
    const [alice, bob, reader] = [await person(), await person(), await person()];
    const topicId = await newTopic(alice.agent);
    await post(bob.agent, topicId);
    expect(await inbox(reader.agent)).toEqual([]);
    expect((await inbox(bob.agent)).length).toBe(0);
    await post(alice.agent, topicId);
    expect(await inbox(bob.agent)).toMatchObject([{ type: "reply", topicId, count: 1 }]);
  });

  it("muted: a participant is told of no reply (their unread one goes), but still of a mention", async () => {
    const [alice, bob] = [await person(), await person()];
    const topicId = await newTopic(alice.agent);
    await post(bob.agent, topicId);
    expect(await inbox(alice.agent)).toMatchObject([{ type: "reply" }]);
    await setLevel(alice.agent, topicId, "muted");
    expect(await inbox(alice.agent)).toEqual([]);
    await post(bob.agent, topicId);
    expect(await inbox(alice.agent)).toEqual([]);
    const mention = await post(bob.agent, topicId, `Over to you @${alice.username}`);
    expect(await inbox(alice.agent)).toMatchObject([{ type: "mention", postId: mention.id }]);
    // Tracking again: replies again, from the next post on.
    await setLevel(alice.agent, topicId, "tracking");
    await post(bob.agent, topicId);
    expect((await inbox(alice.agent))[0]).toMatchObject({ type: "reply", count: 1 });
  });

  it("going back to tracking a topic one never posted in drops the unread reply watching gave", async () => {
    const [alice, bob, watcher] = [await person(), await person(), await person()];
    const topicId = await newTopic(alice.agent);
    await setLevel(watcher.agent, topicId, "watching");
    await post(bob.agent, topicId);
    expect(await inbox(watcher.agent)).toHaveLength(1);
    await setLevel(watcher.agent, topicId, "tracking");
    expect(await inbox(watcher.agent)).toEqual([]);
  });

  it("tells thousands of watchers of a post with the same one INSERT ... SELECT as nobody", async () => {
    const [alice, bob] = [await person(), await person()];
    const topicId = await newTopic(alice.agent);
    const prefix = uniqueName("w");
    await t.database.db.execute(sql`
      WITH watchers AS (
        INSERT INTO users (username, password) SELECT ${prefix} || '_' || n, 'x' FROM generate_series(1, 3000) n RETURNING id
      )
      INSERT INTO topic_notification_levels (topic_id, user_id, level) SELECT ${topicId}, id, 'watching' FROM watchers`);
    const lonelyTopic = await newTopic(alice.agent);
    const withNobody = await insertsSent(() => post(bob.agent, lonelyTopic));
    const withWatchers = await insertsSent(() => post(bob.agent, topicId));
    expect(withWatchers).toBe(withNobody);
    const told = await t.database.db.execute<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE n.topic_id = ${topicId} AND n.type = 'reply' AND u.username LIKE ${prefix + "\\_%"}`);
    expect(told.rows[0]!.count).toBe(3000);
  });

  it("lists the member's watched and muted topics a page at a time", async () => {
    const [alice, bob] = [await person(), await person()];
    const ids = [await newTopic(alice.agent, "One"), await newTopic(alice.agent, "Two"), await newTopic(alice.agent, "Three")];
    await setLevel(bob.agent, ids[0]!, "watching");
    await setLevel(bob.agent, ids[1]!, "muted");
    await setLevel(bob.agent, ids[2]!, "watching");
    const first = (await bob.agent.get("/api/topic-notification-levels?limit=2")).body as TopicLevelsPage;
    expect(first).toEqual({
      topics: [
        { topicId: ids[0], title: "One", level: "watching" },
        { topicId: ids[1], title: "Two", level: "muted" },
      ],
      nextAfter: ids[1],
    });
    const second = (await bob.agent.get(`/api/topic-notification-levels?limit=2&after=${first.nextAfter}`)).body as TopicLevelsPage;
    expect(second).toEqual({ topics: [{ topicId: ids[2], title: "Three", level: "watching" }], nextAfter: null });
    expect(((await alice.agent.get("/api/topic-notification-levels")).body as TopicLevelsPage).topics).toEqual([]);
  });

  it("refuses an unknown level (400), a missing topic (404) and a visitor (401)", async () => {
    const alice = await person();
    const topicId = await newTopic(alice.agent);
    const bad = await alice.agent.put(`/api/topics/${topicId}/notification-level`).send({ level: "loud" });
    expect(bad.status).toBe(400);
    expect((await alice.agent.put("/api/topics/99999999/notification-level").send({ level: "muted" })).status).toBe(404);
    expect((await request(t.app).put(`/api/topics/${topicId}/notification-level`).send({ level: "muted" })).status).toBe(401);
  });
});
