import { eq, sql } from "drizzle-orm";
import pg from "pg";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENERAL_CATEGORY_ID } from "@shared/constants";
import { categories, tags, topics } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, memberCast, signedInAgent } from "../../test/fixtures";

interface CategoryBody {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  color: string;
  position: number;
  topicsCount: number;
  readGroups: number[];
  writeGroups: number[];
  canPost: boolean;
}

describe("categories", () => {
  let t: TestApp;
  let alice: Agent;
  let admin: Agent;
  let banned: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, moderator: admin } = await memberCast(t));
    banned = await signedInAgent(t.app, (await insertMember(t.database.db, { isBanned: true, banReason: "x" })).username);
  });
  afterAll(() => t.close());

  const list = async () => (await alice.get("/api/categories")).body.categories as CategoryBody[];
  const create = async (name: string, extra: object = {}) => {
    const res = await admin.post("/api/admin/categories").send({ name, color: "#112233", ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as CategoryBody;
  };
  const topicIn = async (categoryId?: number, agent: Agent = alice) => {
    const res = await agent.post("/api/topics").send({ title: "In a category", ...(categoryId === undefined ? {} : { categoryId }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; categoryId: number };
  };
  const countsFromRows = async () =>
    (
      await t.database.db.execute<{ id: number; counted: number; topics_count: number }>(
        sql`SELECT c.id, c.topics_count, (SELECT count(*)::int FROM topics WHERE category_id = c.id) AS counted FROM categories c`,
      )
    ).rows;

  it("has General from the first start, first, with the shape of the contract", async () => {
    const [general] = await list();
    expect(general).toEqual({ id: GENERAL_CATEGORY_ID, name: "General", slug: "general", description: null, color: "#64748b", position: 1, topicsCount: 0, readGroups: [], writeGroups: [], canPost: true });
  });

  it("lists categories to signed-in members only (401 signed out, 403 banned)", async () => {
    expect((await request(t.app).get("/api/categories")).status).toBe(401);
    expect((await banned.get("/api/categories")).status).toBe(403);
    expect((await alice.get("/api/categories")).status).toBe(200);
  });

  it("lets only administrators create, change and delete categories", async () => {
    const made = await create("Admins only");
    for (const [method, path, body] of [
      ["post", "/api/admin/categories", { name: "Nope", color: "#000000" }],
      ["patch", `/api/admin/categories/${made.id}`, { name: "Nope" }],
      ["delete", `/api/admin/categories/${made.id}`, { moveTo: GENERAL_CATEGORY_ID }],
    ] as const) {
      expect((await request(t.app)[method](path).send(body)).status).toBe(401);
      expect((await banned[method](path).send(body)).status).toBe(403);
      const res = await alice[method](path).send(body);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Administrator access required");
    }
    expect((await list()).find((c) => c.id === made.id)).toMatchObject({ name: "Admins only" });
  });

  it("creates a category last, with a lowercased colour and a trimmed name and description", async () => {
    const before = await list();
    const res = await admin.post("/api/admin/categories").send({ name: "  Announcements ", description: " News ", color: "#AABBCC" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Announcements",
      slug: "announcements",
      description: "News",
      color: "#aabbcc",
      position: before.length + 1,
      topicsCount: 0,
      readGroups: [],
      writeGroups: [],
      canPost: true,
    });
    expect((await list()).at(-1)).toEqual(res.body);
  });

  it.each([
    [{ color: "#000000" }, "name missing"],
    [{ name: "", color: "#000000" }, "empty name"],
    [{ name: "   ", color: "#000000" }, "blank name"],
    [{ name: "x".repeat(51), color: "#000000" }, "name over 50"],
    [{ name: "ok" }, "colour missing"],
    [{ name: "ok", color: "red" }, "colour not #rrggbb"],
    [{ name: "ok", color: "#12345" }, "short colour"],
    [{ name: "ok", color: "#1234567" }, "long colour"],
    [{ name: "ok", color: "#000000", description: "d".repeat(301) }, "description over 300"],
    [{ name: "ok", color: "#000000", position: 1 }, "position on create"],
    [{ name: "ok", color: "#000000", topicsCount: 5 }, "a counter"],
    [{ name: 5, color: "#000000" }, "a number for a name"],
  ])("refuses %j with 400 (%s)", async (body, _why) => {
    const res = await admin.post("/api/admin/categories").send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTypeOf("string");
  });

  it("takes a name of 50 characters and a description of 300", async () => {
    const made = await create("n".repeat(50), { description: "d".repeat(300) });
    expect(made.name).toHaveLength(50);
    expect(made.description).toHaveLength(300);
  });

  it("refuses a name already taken, whatever its case, with 409", async () => {
    await create("Off Topic");
    for (const name of ["Off Topic", "off topic", "OFF TOPIC", "  off TOPIC  "]) {
      const res = await admin.post("/api/admin/categories").send({ name, color: "#000000" });
      expect(res.status, name).toBe(409);
      expect(res.body.message).toBe("A category with that name already exists");
    }
    expect((await admin.post("/api/admin/categories").send({ name: "general", color: "#000000" })).status).toBe(409);
    // In every alphabet, whatever the database's locale.
    await create("Über Ärger");
    for (const name of ["über ärger", "ÜBER ÄRGER"]) expect((await admin.post("/api/admin/categories").send({ name, color: "#000000" })).status, name).toBe(409);
  });

  it("makes the slug from the name: lowercase, runs of other characters as one dash, none at the ends", async () => {
    expect((await create("Show & Tell!")).slug).toBe("show-tell");
    expect((await create("  --Hello,   World 2026-- ")).slug).toBe("hello-world-2026");
    expect((await create("Café Olé")).slug).toBe("caf-ol");
    expect((await create("!!!")).slug).toBe("category");
    expect((await create("???")).slug).toBe("category-2");
  });

  it("gives a taken slug -2, -3, … (names differ, slugs clash)", async () => {
    expect((await create("Q & A")).slug).toBe("q-a");
    expect((await create("Q/A")).slug).toBe("q-a-2");
    expect((await create("q-a?")).slug).toBe("q-a-3");
    expect((await create("Q a 2")).slug).toBe("q-a-2-2");
  });

  it("gives a renamed category a new slug, keeping its own when the name's slug is the same", async () => {
    const made = await create("Rename me");
    const renamed = await admin.patch(`/api/admin/categories/${made.id}`).send({ name: "Renamed!" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: made.id, name: "Renamed!", slug: "renamed" });
    // The same slug as its own: not a clash with itself.
    expect((await admin.patch(`/api/admin/categories/${made.id}`).send({ name: "RENAMED" })).body.slug).toBe("renamed");
    // Renamed onto another category's slug: the next free suffix.
    await create("Taken slug");
    expect((await admin.patch(`/api/admin/categories/${made.id}`).send({ name: "Taken-Slug" })).body.slug).toBe("taken-slug-2");
    // Renamed onto another category's name: 409, nothing changed.
    const clash = await admin.patch(`/api/admin/categories/${made.id}`).send({ name: "taken slug" });
    expect(clash.status).toBe(409);
    expect((await list()).find((c) => c.id === made.id)).toMatchObject({ name: "Taken-Slug", slug: "taken-slug-2" });
  });

  it("changes the description (empty clears it) and the colour; General can be renamed", async () => {
    const made = await create("Describe me", { description: "old" });
    expect((await admin.patch(`/api/admin/categories/${made.id}`).send({ description: "new", color: "#ABCDEF" })).body).toMatchObject({
      description: "new",
      color: "#abcdef",
    });
    expect((await admin.patch(`/api/admin/categories/${made.id}`).send({ description: "" })).body.description).toBeNull();
    expect((await admin.patch(`/api/admin/categories/${made.id}`).send({ description: null })).body.description).toBeNull();
    const general = await admin.patch(`/api/admin/categories/${GENERAL_CATEGORY_ID}`).send({ name: "Lobby" });
    expect(general.body).toMatchObject({ id: GENERAL_CATEGORY_ID, name: "Lobby", slug: "lobby" });
    expect((await admin.patch(`/api/admin/categories/${GENERAL_CATEGORY_ID}`).send({ name: "General" })).body.slug).toBe("general");
  });

  it.each([
    [{}, "Nothing to update"],
    [{ position: 0 }, undefined],
    [{ position: 1.5 }, undefined],
    [{ position: "2" }, undefined],
    [{ color: "blue" }, undefined],
    [{ name: "" }, undefined],
    [{ topicsCount: 3 }, undefined],
    [{ slug: "mine" }, undefined],
  ])("refuses the change %j with 400", async (body, message) => {
    const res = await admin.patch(`/api/admin/categories/${GENERAL_CATEGORY_ID}`).send(body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
  });

  it("answers 404 for a category that does not exist", async () => {
    for (const id of ["999999", "abc", "0"]) {
      expect((await admin.patch(`/api/admin/categories/${id}`).send({ name: "x" })).status).toBe(404);
      expect((await admin.delete(`/api/admin/categories/${id}`).send({ moveTo: GENERAL_CATEGORY_ID })).status).toBe(404);
    }
  });

  it("moves a category to a position, shifting the ones between by one, positions staying 1…n", async () => {
    const ids = async () => (await list()).map((c) => c.id);
    const positions = async () => (await list()).map((c) => c.position);
    const a = await create("Order A");
    const b = await create("Order B");
    const c = await create("Order C");
    const start = await ids();
    const n = start.length;
    // Up: C to the first place; everything before it moves down one.
    expect((await admin.patch(`/api/admin/categories/${c.id}`).send({ position: 1 })).body.position).toBe(1);
    expect(await ids()).toEqual([c.id, ...start.filter((id) => id !== c.id)]);
    // Down: C to the last place (a position past the end means last).
    expect((await admin.patch(`/api/admin/categories/${c.id}`).send({ position: 10_000 })).body.position).toBe(n);
    expect(await ids()).toEqual(start);
    // Down from the middle: A just after B.
    const aAt = start.indexOf(a.id) + 1;
    await admin.patch(`/api/admin/categories/${a.id}`).send({ position: aAt + 1 });
    const swapped = [...start];
    swapped.splice(aAt - 1, 2, b.id, a.id);
    expect(await ids()).toEqual(swapped);
    expect(await positions()).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });

  it("never deletes General (409, before moveTo is looked at)", async () => {
    for (const body of [{ moveTo: 999999 }, {}, { moveTo: "x" }, undefined]) {
      const res = await admin.delete(`/api/admin/categories/${GENERAL_CATEGORY_ID}`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.message).toBe("General cannot be deleted");
    }
    expect((await list())[0]).toBeDefined();
  });

  it("deletes a category after moving its topics to moveTo, closing the gap in the positions", async () => {
    const doomed = await create("Doomed");
    const heir = await create("Heir");
    const moved = [await topicIn(doomed.id), await topicIn(doomed.id)];
    const stays = await topicIn(heir.id);
    const res = await admin.delete(`/api/admin/categories/${doomed.id}`).send({ moveTo: heir.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Category deleted", movedTopics: 2 });
    const after = await list();
    expect(after.find((c) => c.id === doomed.id)).toBeUndefined();
    expect(after.find((c) => c.id === heir.id)).toMatchObject({ topicsCount: 3 });
    expect(after.map((c) => c.position)).toEqual(Array.from({ length: after.length }, (_, i) => i + 1));
    for (const topic of [...moved, stays]) expect((await alice.get(`/api/topics/${topic.id}`)).body.categoryId).toBe(heir.id);
  });

  it.each([
    [undefined, "no body"],
    [{}, "no moveTo"],
    [{ moveTo: "2" }, "a string"],
    [{ moveTo: 0 }, "zero"],
    [{ moveTo: 2, extra: 1 }, "an unknown field"],
  ])("refuses to delete a category without a valid moveTo (%s): 400, nothing deleted", async (body, _why) => {
    const doomed = await create(`Kept ${Math.random()}`);
    const res = await admin.delete(`/api/admin/categories/${doomed.id}`).send(body);
    expect(res.status).toBe(400);
    expect((await list()).some((c) => c.id === doomed.id)).toBe(true);
  });

  it("refuses a moveTo that does not exist or is the category itself (400), nothing moved", async () => {
    const doomed = await create("Not yet doomed");
    const topic = await topicIn(doomed.id);
    for (const moveTo of [999999, doomed.id]) {
      const res = await admin.delete(`/api/admin/categories/${doomed.id}`).send({ moveTo });
      expect(res.status, String(moveTo)).toBe(400);
    }
    expect((await alice.get(`/api/topics/${topic.id}`)).body.categoryId).toBe(doomed.id);
    expect((await list()).find((c) => c.id === doomed.id)).toMatchObject({ topicsCount: 1 });
  });

  it("counts topics: created in, moved between, deleted from categories", async () => {
    const one = await create("Count one");
    const two = await create("Count two");
    const topic = await topicIn(one.id);
    await topicIn(one.id);
    const counts = async () => Object.fromEntries((await list()).map((c) => [c.id, c.topicsCount]));
    expect((await counts())[one.id]).toBe(2);
    expect((await alice.patch(`/api/topics/${topic.id}`).send({ categoryId: two.id })).status).toBe(200);
    expect(await counts()).toMatchObject({ [one.id]: 1, [two.id]: 1 });
    expect((await admin.delete(`/api/topics/${topic.id}`)).status).toBe(200);
    expect(await counts()).toMatchObject({ [one.id]: 1, [two.id]: 0 });
    for (const row of await countsFromRows()) expect(row.topics_count, `category ${row.id}`).toBe(row.counted);
  });

  it("keeps topicsCount exact under concurrent creating, moving and deleting", async () => {
    const one = await create("Busy one");
    const two = await create("Busy two");
    const members = await Promise.all(Array.from({ length: 4 }, async () => signedInAgent(t.app, (await insertMember(t.database.db)).username)));
    const seeded = await Promise.all(members.map((member) => topicIn(one.id, member)));
    await Promise.all([
      ...members.flatMap((member) => [topicIn(one.id, member), topicIn(two.id, member), topicIn(undefined, member)]),
      ...seeded.map((topic, i) =>
        i % 2 ? members[i]!.patch(`/api/topics/${topic.id}`).send({ categoryId: two.id }) : admin.delete(`/api/topics/${topic.id}`),
      ),
    ]);
    for (const row of await countsFromRows()) expect(row.topics_count, `category ${row.id}`).toBe(row.counted);
    const shown = Object.fromEntries((await list()).map((c) => [c.id, c.topicsCount]));
    expect(shown[one.id]).toBe(4);
    expect(shown[two.id]).toBe(6);
  });

  it("deletes a category while its topics are being moved out and new ones put in: no error, every topic in a category, counts exact", async () => {
    const doomed = await create("Contended");
    const elsewhere = await create("Elsewhere");
    const members = await Promise.all(Array.from({ length: 3 }, async () => signedInAgent(t.app, (await insertMember(t.database.db)).username)));
    const inDoomed = await Promise.all(
      members.flatMap((member) => [1, 2].map(async () => ({ author: member, topic: await topicIn(doomed.id, member) }))),
    );
    const answers = await Promise.all([
      ...inDoomed.map(({ author, topic }) => author.patch(`/api/topics/${topic.id}`).send({ categoryId: elsewhere.id, title: "moving" })),
      admin.delete(`/api/admin/categories/${doomed.id}`).send({ moveTo: GENERAL_CATEGORY_ID }),
      ...members.map((member) => member.post("/api/topics").send({ title: "late", categoryId: doomed.id })),
    ]);
    // An edit or a new topic that reaches the category after it is gone is told so (400); nothing fails.
    for (const res of answers) expect([200, 201, 400], JSON.stringify(res.body)).toContain(res.status);
    expect(answers.at(inDoomed.length)!.status).toBe(200);
    for (const row of await countsFromRows()) expect(row.topics_count, `category ${row.id}`).toBe(row.counted);
    const orphans = await t.database.db.execute(sql`SELECT id FROM ${topics} WHERE category_id = ${doomed.id}`);
    expect(orphans.rows).toEqual([]);
  });

  it("keeps tag counts exact under concurrent tagging in opposite orders, retagging and deleting", async () => {
    const members = await Promise.all(Array.from({ length: 4 }, async () => signedInAgent(t.app, (await insertMember(t.database.db)).username)));
    const tagged = (agent: Agent, tags: string[]) => agent.post("/api/topics").send({ title: "tagged", tags });
    const seeded = await Promise.all(members.map((member) => tagged(member, ["race-a", "race-b"])));
    const answers = await Promise.all([
      ...members.flatMap((member) => [tagged(member, ["race-a", "race-b", "race-c"]), tagged(member, ["race-c", "race-b", "race-a"])]),
      ...seeded.map((res, i) =>
        i % 2 ? members[i]!.patch(`/api/topics/${res.body.id}`).send({ tags: ["race-c", "race-a"] }) : admin.delete(`/api/topics/${res.body.id}`),
      ),
    ]);
    expect(answers.map((res) => res.status).filter((status) => status >= 300)).toEqual([]);
    const { rows } = await t.database.db.execute<{ name: string; topics_count: number; counted: number }>(
      sql`SELECT g.name, g.topics_count, (SELECT count(*)::int FROM topics WHERE g.name = ANY (tags)) AS counted FROM tags g WHERE g.name LIKE 'race-%'`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, [row.topics_count, row.counted]]))).toEqual({
      "race-a": [10, 10],
      "race-b": [8, 8],
      "race-c": [10, 10],
    });
  });

  it("keeps the counters exact when topics go by another path (their rows deleted directly)", async () => {
    const gone = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, gone.username);
    const category = await create("Cascade");
    await topicIn(category.id, agent);
    await agent.post("/api/topics").send({ title: "tagged", categoryId: category.id, tags: ["cascade-tag"] });
    await t.database.db.execute(sql`DELETE FROM topics WHERE created_by = ${gone.id}`);
    expect((await list()).find((c) => c.id === category.id)?.topicsCount).toBe(0);
    const [tag] = await t.database.db.select().from(tags).where(eq(tags.name, "cascade-tag"));
    expect(tag?.topicsCount).toBe(0);
    for (const row of await countsFromRows()) expect(row.topics_count, `category ${row.id}`).toBe(row.counted);
  });

  it("keeps every topic in a category that exists", async () => {
    const orphans = await t.database.db.execute(sql`SELECT id FROM ${topics} WHERE category_id NOT IN (SELECT id FROM ${categories})`);
    expect(orphans.rows).toEqual([]);
  });

  // Last: it empties the forum. `npm run seed -- --reset` truncates topics.
  it("zeroes the counters when topics are truncated", async () => {
    await alice.post("/api/topics").send({ title: "before the truncate", tags: ["truncated"] });
    // As the schema owner: the app's role may not truncate.
    const owner = new pg.Client({ connectionString: t.database.url });
    await owner.connect();
    await owner.query("TRUNCATE topics CASCADE");
    await owner.end();
    expect((await list()).every((c) => c.topicsCount === 0)).toBe(true);
    expect((await t.database.db.select().from(tags)).every((tag) => tag.topicsCount === 0)).toBe(true);
  });
});
