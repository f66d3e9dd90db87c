import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_GROUP_ID } from "@shared/constants";
import { createTestApp, type TestApp } from "../../test/app";
import { confirmedAgent } from "../../test/confirmation";
import { type Agent, insertMember, uniqueName } from "../../test/fixtures";

/**
 * Closed categories (docs/product.md "Groups and closed categories"): every path that shows a topic
 * or a post, walked as a member outside the category's read groups (with a session and with an
 * access token), as one inside them, and as staff.
 */
const t: TestApp = await createTestApp();
afterAll(() => t.close());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Person {
  id: number;
  username: string;
  agent: Agent;
}

async function person(values: Parameters<typeof insertMember>[1] = {}): Promise<Person> {
  const member = await insertMember(t.database.db, values);
  return { id: member.id, username: member.username, agent: await confirmedAgent(t.app, member.username) };
}

let admin: Person;
let moderator: Person;
let insider: Person;
let leaver: Person;
let outsider: Person;
let outsiderToken: string;
let insiderToken: string;
let group: number;
let secret: { id: number; slug: string };
let announcements: { id: number };
let topic: number;
let post: number;
// A word only the closed category's texts hold: any answer that carries it leaks.
const WORD = "zeppelinquartz";
const TAG = "hushhush";

beforeAll(async () => {
  [admin, moderator, insider, leaver, outsider] = await Promise.all([
    person({ isAdmin: true }),
    person({ isModerator: true }),
    person(),
    person(),
    person(),
  ]);
  const created = await admin.agent.post("/api/admin/groups").send({ name: uniqueName("Insiders") });
  expect(created.status).toBe(201);
  group = created.body.id;
  for (const member of [insider, leaver]) expect((await admin.agent.put(`/api/admin/groups/${group}/members/${member.username}`)).status).toBe(200);
  const category = await admin.agent.post("/api/admin/categories").send({ name: uniqueName("Secret"), color: "#112233", readGroups: [group], writeGroups: [group] });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  secret = category.body;
  const staffOnly = await admin.agent.post("/api/admin/categories").send({ name: uniqueName("News"), color: "#445566", writeGroups: [STAFF_GROUP_ID] });
  announcements = staffOnly.body;

  const opened = await insider.agent.post("/api/topics").send({
    title: `The ${WORD} plans`,
    description: `Opening words about ${WORD}, for @${outsider.username} and @${leaver.username}`,
    categoryId: secret.id,
    tags: [TAG],
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  topic = opened.body.id;
  // The leaver watches and bookmarks before leaving.
  expect((await leaver.agent.put(`/api/topics/${topic}/notification-level`).send({ level: "watching" })).status).toBe(200);
  const reply = await insider.agent.post(`/api/topics/${topic}/posts`).send({ content: `A ${WORD} reply for @${outsider.username}` });
  expect(reply.status).toBe(201);
  post = reply.body.id;
  expect((await leaver.agent.put(`/api/bookmarks/posts/${post}`).send({})).status).toBe(200);
  expect((await insider.agent.patch(`/api/posts/${post}`).send({ content: `A ${WORD} reply, edited, for @${outsider.username}` })).status).toBe(200);
  expect((await insider.agent.patch(`/api/topics/${topic}`).send({ description: `Opening words about ${WORD}, edited` })).status).toBe(200);

  outsiderToken = (await outsider.agent.post("/api/tokens").send({ name: "script", scopes: ["read", "write"] })).body.token;
  insiderToken = (await insider.agent.post("/api/tokens").send({ name: "script", scopes: ["read", "write"] })).body.token;
});

/** Every read path that could show the closed topic, its posts or its category, with what shows it. */
function readPaths(): { name: string; path: string; found: (body: unknown) => boolean }[] {
  const holds = (body: unknown) => JSON.stringify(body).includes(WORD);
  return [
    { name: "categories", path: "/api/categories", found: (body) => JSON.stringify(body).includes(`"id":${secret.id},`) },
    { name: "latest (kept)", path: "/api/topics", found: holds },
    { name: "latest, a page size not kept", path: "/api/topics?limit=7", found: holds },
    { name: "new", path: "/api/topics?filter=new", found: holds },
    { name: "top over a week (kept)", path: "/api/topics?filter=top&period=week", found: holds },
    { name: "top of all time", path: "/api/topics?filter=top&period=all", found: holds },
    { name: "the category's list", path: `/api/topics?category=${secret.slug}`, found: holds },
    { name: "the tag's list", path: `/api/topics?tag=${TAG}`, found: holds },
    { name: "tags' counts", path: `/api/tags?q=${TAG.slice(0, 4)}`, found: (body) => JSON.stringify(body).includes(TAG) },
    { name: "search, topics", path: `/api/search?q=${WORD}&type=topics`, found: holds },
    { name: "search, posts", path: `/api/search?q=${WORD}&type=posts`, found: holds },
    { name: "search counts", path: `/api/search/counts?q=${WORD}`, found: (body) => {
      const { counts } = body as { counts: { topics: number; posts: number } };
      return counts.topics + counts.posts > 0;
    } },
    { name: "activity", path: `/api/users/${insider.username}/activity`, found: holds },
  ];
}

/** Every path naming the topic or its post: 404 for who may not read it. */
const namedPaths = () => [
  `/api/topics/${topic}`,
  `/api/topics/${topic}/posts`,
  `/api/topics/${topic}/posts?around=${post}`,
  `/api/topics/${topic}/revisions`,
  `/api/topics/${topic}/reactions`,
  `/api/posts/${post}/revisions`,
  `/api/posts/${post}/reactions`,
];

describe("a member outside a category's read groups", () => {
  it("finds none of it in lists, Top, tags, search or activity; one inside the group and staff find it", async () => {
    for (const { name, path, found } of readPaths()) {
      // A group member first: a kept page filled for them must not reach the outsider, nor the other
      // way round. `new` lists what the reader never opened: its starter opened it.
      const inside = name === "new" ? null : await insider.agent.get(path);
      if (inside) expect(found(inside.body), `insider: ${name}`).toBe(true);
      const outside = await outsider.agent.get(path);
      expect(outside.status, `${name} ${path}`).toBe(200);
      expect(found(outside.body), `outsider: ${name}`).toBe(false);
      expect(found((await moderator.agent.get(path)).body), `staff: ${name}`).toBe(true);
      if (inside) expect(found((await insider.agent.get(path)).body), `insider again: ${name}`).toBe(true);
      // A token reads as its member does.
      expect(found((await request(t.app).get(path).set(bearer(outsiderToken))).body), `outsider's token: ${name}`).toBe(false);
    }
  });

  it("counts a tag shared with open topics without the closed category's topics, by prefix too; the insider and staff count them all", async () => {
    const shared = `shared-${Date.now().toString(36)}`;
    for (const [author, categoryId] of [[insider, secret.id], [outsider, undefined], [outsider, undefined]] as const) {
      expect((await author.agent.post("/api/topics").send({ title: `On ${shared}`, categoryId, tags: [shared] })).status).toBe(201);
    }
    const countOf = async (reader: Person, q: string) =>
      ((await reader.agent.get("/api/tags").query({ q })).body as { tags: { name: string; topicsCount: number }[] }).tags.find((tag) => tag.name === shared)?.topicsCount;
    for (const q of [shared, shared.slice(0, 7)]) {
      expect(await countOf(outsider, q), `outsider, q=${q}`).toBe(2);
      expect(await countOf(insider, q), `insider, q=${q}`).toBe(3);
      expect(await countOf(moderator, q), `staff, q=${q}`).toBe(3);
    }
  });

  it("gets 404 for the topic, its posts, `around`, revisions and reactions, as with an access token; the insider and staff read them", async () => {
    for (const path of namedPaths()) {
      expect((await outsider.agent.get(path)).status, path).toBe(404);
      expect((await request(t.app).get(path).set(bearer(outsiderToken))).status, `token ${path}`).toBe(404);
      expect((await insider.agent.get(path)).status, path).toBe(200);
      expect((await request(t.app).get(path).set(bearer(insiderToken))).status, `token ${path}`).toBe(200);
      expect((await moderator.agent.get(path)).status, path).toBe(200);
    }
  });

  it("cannot reply, react, bookmark, watch, mark read, flag or start a topic there", async () => {
    expect((await outsider.agent.post(`/api/topics/${topic}/posts`).send({ content: "Let me in" })).status).toBe(404);
    expect((await request(t.app).post(`/api/topics/${topic}/posts`).set(bearer(outsiderToken)).send({ content: "Let me in" })).status).toBe(404);
    expect((await outsider.agent.put(`/api/posts/${post}/reactions/like`)).status).toBe(404);
    expect((await outsider.agent.put(`/api/topics/${topic}/reactions/like`)).status).toBe(404);
    expect((await outsider.agent.put(`/api/bookmarks/posts/${post}`).send({})).status).toBe(404);
    expect((await outsider.agent.put(`/api/topics/${topic}/notification-level`).send({ level: "watching" })).status).toBe(404);
    expect((await outsider.agent.put(`/api/topics/${topic}/read`).send({ postId: post })).status).toBe(404);
    expect((await outsider.agent.post("/api/flags").send({ targetType: "post", targetId: post, reason: "spam" })).status).toBe(404);
    expect((await outsider.agent.post("/api/flags").send({ targetType: "topic", targetId: topic, reason: "spam" })).status).toBe(404);
    const start = await outsider.agent.post("/api/topics").send({ title: "Sneaking in", categoryId: secret.id });
    expect(start.status).toBe(400);
    expect(start.body.message).toBe("Category not found");
  });

  it("keeps drafts as their own words: a draft for the closed topic is taken as for a topic that does not exist, telling nothing", async () => {
    for (const id of [topic, 2_000_000_000]) {
      expect((await outsider.agent.put(`/api/drafts/topic-${id}`).send({ content: "my own words" })).status).toBe(204);
      expect((await outsider.agent.get(`/api/drafts/topic-${id}`)).body).toEqual({ content: "my own words", updatedAt: expect.any(String) });
      expect((await outsider.agent.delete(`/api/drafts/topic-${id}`)).status).toBe(204);
    }
  });

  it("is not told of mentions or replies there, nor by mail or push", async () => {
    const notifications = await outsider.agent.get("/api/notifications");
    expect(notifications.status).toBe(200);
    expect(JSON.stringify(notifications.body)).not.toContain(WORD);
    expect(JSON.stringify(notifications.body)).not.toContain(`"topicId":${topic}`);
    const rows = await t.database.pool.query("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND topic_id = $2", [outsider.id, topic]);
    expect(rows.rows[0].n).toBe(0);
    // The insider's own notifications are not touched: the leaver was mentioned and watches.
    expect(JSON.stringify((await leaver.agent.get("/api/notifications")).body)).toContain(`"topicId":${topic}`);
  });

  it("is refused when following the topic live", async () => {
    // Covered over /ws in server/ws/topics.test.ts; here the query the relay asks.
    const { topicsReadBy } = await import("../../queries/category-access");
    expect([...(await topicsReadBy(t.database.db, outsider.id, [topic]))]).toEqual([]);
    expect([...(await topicsReadBy(t.database.db, insider.id, [topic]))]).toEqual([topic]);
    expect([...(await topicsReadBy(t.database.db, moderator.id, [topic]))]).toEqual([topic]);
  });
});

describe("a category's write groups", () => {
  it("let the members outside them read but not start topics or reply (403); staff write", async () => {
    const byMember = await insider.agent.post("/api/topics").send({ title: "Not mine to post", categoryId: announcements.id });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe("You cannot post in this category");
    const byStaff = await moderator.agent.post("/api/topics").send({ title: "News of the day", categoryId: announcements.id });
    expect(byStaff.status).toBe(201);
    expect((await insider.agent.get(`/api/topics/${byStaff.body.id}`)).status).toBe(200);
    expect((await insider.agent.post(`/api/topics/${byStaff.body.id}/posts`).send({ content: "Me too" })).status).toBe(403);
    expect((await request(t.app).post(`/api/topics/${byStaff.body.id}/posts`).set(bearer(insiderToken)).send({ content: "Me too" })).status).toBe(403);
    expect((await moderator.agent.post(`/api/topics/${byStaff.body.id}/posts`).send({ content: "Replying as staff" })).status).toBe(201);
    // A topic cannot be moved into it by a member either.
    const own = await insider.agent.post("/api/topics").send({ title: "Mine" });
    expect((await insider.agent.patch(`/api/topics/${own.body.id}`).send({ categoryId: announcements.id })).status).toBe(403);
    const categories = (await insider.agent.get("/api/categories")).body.categories as { id: number; canPost: boolean }[];
    expect(categories.find((category) => category.id === announcements.id)?.canPost).toBe(false);
    expect(categories.find((category) => category.id === secret.id)?.canPost).toBe(true);
  });
});

describe("removing a member from a group", () => {
  it("ends their access at once: the topic, its posts, their bookmark, watching and notifications", async () => {
    expect((await leaver.agent.get(`/api/topics/${topic}`)).status).toBe(200);
    expect(JSON.stringify((await leaver.agent.get("/api/bookmarks")).body)).toContain(WORD);
    expect(JSON.stringify((await leaver.agent.get("/api/topics")).body)).toContain(WORD);
    const removed = await admin.agent.delete(`/api/admin/groups/${group}/members/${leaver.username}`);
    expect(removed.status).toBe(200);
    expect(removed.body.members.map((member: { username: string }) => member.username)).not.toContain(leaver.username);
    // The very next requests, on the session the identity cache holds.
    expect((await leaver.agent.get(`/api/topics/${topic}`)).status).toBe(404);
    expect((await leaver.agent.get(`/api/topics/${topic}/posts`)).status).toBe(404);
    expect(JSON.stringify((await leaver.agent.get("/api/topics")).body)).not.toContain(WORD);
    expect(JSON.stringify((await leaver.agent.get("/api/bookmarks")).body)).not.toContain(WORD);
    expect(JSON.stringify((await leaver.agent.get("/api/notifications")).body)).not.toContain(`"topicId":${topic}`);
    expect(JSON.stringify((await leaver.agent.get("/api/topic-notification-levels")).body)).not.toContain(WORD);
    expect((await leaver.agent.get("/api/categories")).body.categories.map((category: { id: number }) => category.id)).not.toContain(secret.id);
    // And a reply now tells them nothing: their unread reply, from before, does not count it.
    const replyCount = async () =>
      (await t.database.pool.query("SELECT coalesce(sum(count), 0)::int AS n FROM notifications WHERE user_id = $1 AND topic_id = $2 AND type = 'reply'", [leaver.id, topic])).rows[0].n;
    const before = await replyCount();
    expect((await insider.agent.post(`/api/topics/${topic}/posts`).send({ content: `Another ${WORD} reply for @${leaver.username}` })).status).toBe(201);
    expect(await replyCount()).toBe(before);
    const mentions = await t.database.pool.query("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND topic_id = $2 AND type = 'mention' AND created_at > now() - interval '1 minute' AND post_id > $3", [leaver.id, topic, post]);
    expect(mentions.rows[0].n).toBe(0);
  });

  it("and deleting a group never opens what it closed: the category becomes staff-only", async () => {
    const other = await admin.agent.post("/api/admin/groups").send({ name: uniqueName("Temporary") });
    const closed = await admin.agent.post("/api/admin/categories").send({ name: uniqueName("Temp"), color: "#778899", readGroups: [other.body.id] });
    expect((await admin.agent.delete(`/api/admin/groups/${other.body.id}`)).status).toBe(200);
    const after = ((await admin.agent.get("/api/categories")).body.categories as { id: number; readGroups: number[] }[]).find((category) => category.id === closed.body.id);
    expect(after?.readGroups).toEqual([STAFF_GROUP_ID]);
    expect((await outsider.agent.get("/api/categories")).body.categories.map((category: { id: number }) => category.id)).not.toContain(closed.body.id);
  });
});

describe("the admin group routes", () => {
  it("refuse the built-in staff group's renaming, deletion and hand-made members (409), and list its members from their role", async () => {
    const groups = (await admin.agent.get("/api/admin/groups")).body.groups as { id: number; name: string; builtIn: boolean; members: { username: string }[] }[];
    const staff = groups.find((candidate) => candidate.id === STAFF_GROUP_ID)!;
    expect(staff).toMatchObject({ name: "staff", builtIn: true });
    expect(staff.members.map((member) => member.username)).toEqual(expect.arrayContaining([admin.username, moderator.username]));
    expect(staff.members.map((member) => member.username)).not.toContain(insider.username);
    const renamed = await admin.agent.patch(`/api/admin/groups/${STAFF_GROUP_ID}`).send({ name: "crew" });
    expect(renamed.status).toBe(409);
    expect(renamed.body.message).toBe("The staff group is built in: it cannot be renamed or deleted");
    expect((await admin.agent.delete(`/api/admin/groups/${STAFF_GROUP_ID}`)).status).toBe(409);
    const added = await admin.agent.put(`/api/admin/groups/${STAFF_GROUP_ID}/members/${insider.username}`);
    expect(added.status).toBe(409);
    expect(added.body.message).toBe("The staff group's members are the moderators and administrators: change a member's role instead");
    expect((await admin.agent.delete(`/api/admin/groups/${STAFF_GROUP_ID}/members/${moderator.username}`)).status).toBe(409);
  });

  it("validate names (1-50, unique in any case), groups and members, and are for administrators only", async () => {
    const name = uniqueName("Readers");
    expect((await admin.agent.post("/api/admin/groups").send({ name })).status).toBe(201);
    expect((await admin.agent.post("/api/admin/groups").send({ name: name.toUpperCase() })).status).toBe(409);
    expect((await admin.agent.post("/api/admin/groups").send({ name: "   " })).status).toBe(400);
    expect((await admin.agent.post("/api/admin/groups").send({ name: "x".repeat(51) })).status).toBe(400);
    expect((await admin.agent.post("/api/admin/groups").send({ name: "STAFF" })).status).toBe(409);
    expect((await admin.agent.patch("/api/admin/groups/999999").send({ name: "Nobody" })).status).toBe(404);
    expect((await admin.agent.put(`/api/admin/groups/${group}/members/no_such_member`)).status).toBe(404);
    expect((await admin.agent.delete(`/api/admin/groups/${group}/members/${outsider.username}`)).status).toBe(404);
    const badGroups = await admin.agent.post("/api/admin/categories").send({ name: uniqueName("Bad"), color: "#000000", readGroups: [999999] });
    expect(badGroups.status).toBe(400);
    expect(badGroups.body.message).toBe("No such group: 999999");
    expect((await admin.agent.patch(`/api/admin/categories/${secret.id}`).send({ writeGroups: ["x"] })).status).toBe(400);
    for (const caller of [insider, moderator]) {
      expect((await caller.agent.get("/api/admin/groups")).status).toBe(403);
      expect((await caller.agent.post("/api/admin/groups").send({ name: uniqueName("Mine") })).status).toBe(403);
    }
    expect((await request(t.app).get("/api/admin/groups").set(bearer(insiderToken))).status).toBe(403);
  });
});
