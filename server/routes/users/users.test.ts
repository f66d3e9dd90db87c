import { OPEN_ONLY_SCOPE } from "../../policies/category-access";
import { eq, sql } from "drizzle-orm";
import type { ActivityItem } from "@shared/types";
import { activityQuery, parseActivityCursor } from "../../queries/activity";
import pg from "pg";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invites, posts, profileComments, topics, userBadges, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, readUser, signedInAgent, uniqueName } from "../../test/fixtures";

const DAY = 86_400_000;

describe("/api/users", () => {
  let t: TestApp;
  let viewer: Agent;
  let admin: Agent;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const v = await insertMember(t.database.db);
    const a = await insertMember(t.database.db, { isAdmin: true });
    adminId = a.id;
    viewer = await signedInAgent(t.app, v.username);
    admin = await signedInAgent(t.app, a.username);
  });
  afterAll(() => t.close());

  it("is for signed-in members only", async () => {
    expect((await request(t.app).get("/api/users")).status).toBe(401);
    expect((await request(t.app).get("/api/users/anyone")).status).toBe(401);
  });

  it("pages the members list oldest first with exact stats", async () => {
    await t.database.db.insert(users).values(Array.from({ length: 23 }, (_, i) => ({ username: uniqueName("list"), password: "h", postsCount: i })));
    const all = await t.database.db.select().from(users);
    const first = await viewer.get("/api/users").query({ page: 1, limit: 10, fast: true });
    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(10);
    expect(first.body.users[0]).not.toHaveProperty("email");
    expect(first.body.pagination).toEqual({ currentPage: 1, totalPages: Math.ceil(all.length / 10), totalUsers: all.length, hasPrevPage: false, hasNextPage: true });
    expect(first.body.stats).toEqual({
      totalAdmins: all.filter((user) => user.isAdmin).length,
      totalPosts: all.reduce((sum, user) => sum + user.postsCount, 0),
    });
    const seen = new Set<number>();
    for (let page = 1; page <= first.body.pagination.totalPages; page++) {
      for (const user of (await viewer.get("/api/users").query({ page, limit: 10 })).body.users) seen.add(user.id);
    }
    expect(seen.size).toBe(all.length);
    expect((await viewer.get("/api/users").query({ page: 0 })).status).toBe(400);
    expect((await viewer.get("/api/users").query({ limit: 1000 })).status).toBe(400);
  });

  it("keeps stats and every numbered page exact from per-block totals, across inserts, deletions and changes", async () => {
    const { db, pool } = t.database;
    // Members scattered over several blocks of 1,000 ids, some blocks sparse.
    const ids = [1500, 1501, 2999, 3000, 3001, 7000, 7002, 12_345, 12_346, 12_347, 40_000];
    await db.insert(users).values(ids.map((id) => ({ id, username: uniqueName("block"), password: "h", postsCount: id % 7 })));
    const truth = async () => {
      const { rows } = await pool.query<{ users: number; admins: number; posts: number }>(
        "SELECT count(*)::int AS users, count(*) FILTER (WHERE is_admin)::int AS admins, sum(posts_count)::int AS posts FROM users",
      );
      const order = await pool.query<{ id: number }>("SELECT id FROM users ORDER BY id");
      return { ...rows[0]!, ids: order.rows.map((row) => row.id) };
    };
    const check = async () => {
      const expected = await truth();
      // The totals' cache hears of these direct writes on member_blocks_changed, within the NOTIFY round trip.
      await expect
        .poll(async () => {
          const body = (await viewer.get("/api/users").query({ page: 1, limit: 1 })).body;
          return { users: body.pagination.totalUsers, stats: body.stats };
        })
        .toEqual({ users: expected.users, stats: { totalAdmins: expected.admins, totalPosts: expected.posts } });
      // Pages that start and end in different blocks, with empty blocks between them.
      for (const limit of [1, 3, 4]) {
        const pages = Math.ceil(expected.ids.length / limit);
        for (let page = 1; page <= pages + 1; page++) {
          const res = await viewer.get("/api/users").query({ page, limit });
          expect(res.status).toBe(200);
          expect(res.body.users.map((user: { id: number }) => user.id)).toEqual(expected.ids.slice((page - 1) * limit, page * limit));
          expect(res.body.pagination.totalUsers).toBe(expected.users);
          expect(res.body.stats).toEqual({ totalAdmins: expected.admins, totalPosts: expected.posts });
        }
      }
    };
    await check();
    await db.delete(users).where(eq(users.id, 3000));
    await db.update(users).set({ isAdmin: true, postsCount: 50 }).where(eq(users.id, 7002));
    await db.insert(users).values({ username: uniqueName("late"), password: "h", postsCount: 4 });
    await check();
  });

  it("shows a profile by username in any case, never with the email; the ban reason only to admins", async () => {
    const inviter = await insertMember(t.database.db);
    const member = await insertMember(t.database.db, {
      email: "secret@example.com",
      invitedBy: inviter.id,
      isBanned: true,
      banReason: "Spam",
      banExpiresAt: new Date(Date.now() + DAY),
    });
    const res = await viewer.get(`/api/users/${member.username.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.id, username: member.username, invitedByUsername: inviter.username, isBanned: true });
    expect(JSON.stringify(res.body)).not.toContain("secret@example.com");
    expect(res.body).not.toHaveProperty("banReason");
    expect(res.body).not.toHaveProperty("password");
    expect((await admin.get(`/api/users/${member.username}`)).body.banReason).toBe("Spam");
    // A ban whose expiry has passed is over.
    await t.database.db.update(users).set({ banExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.id, member.id));
    expect((await admin.get(`/api/users/${member.username}`)).body).toMatchObject({ isBanned: false, banExpiresAt: null, banReason: null });
    const missing = await viewer.get("/api/users/nobody_at_all");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("User not found");
  });

  it("counts the topics a member started beside their posts, which count replies only", async () => {
    const member = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, member.username);
    for (const title of ["one", "two", "three"]) expect((await agent.post("/api/topics").send({ title })).status).toBe(201);
    const profile = (await viewer.get(`/api/users/${member.username}`)).body;
    expect(profile).toMatchObject({ topicsCount: 3, postsCount: 0 });
  });

  it("answers bio-status", async () => {
    const member = await insertMember(t.database.db, { hasBio: true });
    expect((await viewer.get(`/api/users/${member.username}/bio-status`)).body).toEqual({ hasBio: true });
    expect((await viewer.get("/api/users/nobody_at_all/bio-status")).status).toBe(404);
  });

  describe("activity", () => {
    type Page = { items: ActivityItem[]; nextCursor: string | null };
    const activity = async (username: string, query: Record<string, string> = {}, agent: Agent = viewer) => {
      const res = await agent.get(`/api/users/${username}/activity`).query(query);
      expect(res.status).toBe(200);
      return res.body as Page;
    };
    /** Every page of it, following nextCursor. */
    const allActivity = async (username: string, type = "all") => {
      const items: ActivityItem[] = [];
      const pages: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Page = await activity(username, cursor ? { type, cursor } : { type });
        pages.push(page.items.length);
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return { items, pages };
    };

    it("lists posts, topics and comments of all time, newest first, by username in any case", async () => {
      const member = await insertMember(t.database.db);
      const other = await insertMember(t.database.db);
      const now = Date.now();
      const [topic] = await t.database.db.insert(topics).values({ title: "Fresh topic", description: "About things", createdBy: member.id, createdAt: new Date(now - 3 * DAY) }).returning();
      await t.database.db.insert(topics).values({ title: "Old topic", createdBy: member.id, createdAt: new Date(now - 800 * DAY) });
      await t.database.db.insert(posts).values([
        { content: "x".repeat(500), topicId: topic!.id, authorId: member.id, createdAt: new Date(now - DAY) },
        { content: "ancient", topicId: topic!.id, authorId: member.id, createdAt: new Date(now - 900 * DAY) },
      ]);
      await t.database.db.insert(profileComments).values({ profileUserId: other.id, authorId: member.id, content: "Nice profile", createdAt: new Date(now - 2 * DAY) });

      const page = await activity(member.username.toUpperCase());
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((item) => item.type)).toEqual(["post", "profile_comment", "topic", "topic", "post"]);
      expect(page.items[0]).toMatchObject({ topicTitle: "Fresh topic", title: null, targetUser: null });
      expect(page.items[0]!.content!.length).toBeLessThan(500);
      expect(page.items[1]).toMatchObject({ content: "Nice profile", targetUser: other.username });
      expect(page.items[2]).toMatchObject({ title: "Fresh topic", content: "About things" });
      expect(page.items[3]).toMatchObject({ title: "Old topic" });
      expect(page.items[4]).toMatchObject({ content: "ancient" });
      expect((await activity(member.username, { type: "topics" })).items.map((item) => item.title)).toEqual(["Fresh topic", "Old topic"]);
      expect((await activity(member.username, { type: "comments" })).items.map((item) => item.type)).toEqual(["profile_comment"]);
      expect((await activity(member.username, { type: "posts" })).items.map((item) => item.content)).toEqual(["x".repeat(120), "ancient"]);
    });

    it("pages through more than 20 of each kind, all at one time too, each item once and in order", async () => {
      const member = await insertMember(t.database.db);
      const other = await insertMember(t.database.db);
      const now = Date.now();
      // 25 of each kind; each second item shares its time with the others of its index (ties across kinds and within one).
      const at = (i: number) => new Date(now - Math.floor(i / 2) * 60_000);
      const made = await t.database.db
        .insert(topics)
        .values(Array.from({ length: 25 }, (_, i) => ({ title: `Topic ${i}`, createdBy: member.id, createdAt: at(i) })))
        .returning({ id: topics.id });
      await t.database.db.insert(posts).values(Array.from({ length: 25 }, (_, i) => ({ content: `Post ${i}`, topicId: made[0]!.id, authorId: member.id, createdAt: at(i) })));
      await t.database.db.insert(profileComments).values(Array.from({ length: 25 }, (_, i) => ({ profileUserId: other.id, authorId: member.id, content: `Comment ${i}`, createdAt: at(i) })));

      const all = await allActivity(member.username);
      expect(all.pages).toEqual([20, 20, 20, 15]);
      expect(new Set(all.items.map((item) => `${item.type}:${item.id}`)).size).toBe(75);
      const times = all.items.map((item) => Date.parse(item.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const [type, kind] of [["topics", "topic"], ["posts", "post"], ["comments", "profile_comment"]] as const) {
        const one = await allActivity(member.username, type);
        expect(one.pages).toEqual([20, 5]);
        expect(one.items.every((item) => item.type === kind)).toBe(true);
        expect(new Set(one.items.map((item) => item.id)).size).toBe(25);
        // The same items, in the same order, as the mixed listing has them.
        expect(one.items.map((item) => item.id)).toEqual(all.items.filter((item) => item.type === kind).map((item) => item.id));
      }
    });

    it("refuses an unknown type or cursor (400), and answers 404 for no such member or a deleted one", async () => {
      const member = await insertMember(t.database.db);
      expect((await viewer.get(`/api/users/${member.username}/activity`).query({ type: "likes" })).status).toBe(400);
      for (const cursor of ["x", "1-4-1", "-1-1-1", "1-1-0", "1-1-99999999999", "12345678901234567-1-1"]) {
        expect((await viewer.get(`/api/users/${member.username}/activity`).query({ cursor })).status, cursor).toBe(400);
      }
      expect((await viewer.get("/api/users/nobody_at_all/activity")).status).toBe(404);
      const gone = await insertMember(t.database.db, { deletedAt: new Date() });
      expect((await viewer.get(`/api/users/${gone.username}/activity`)).status).toBe(404);
      expect((await request(t.app).get(`/api/users/${member.username}/activity`)).status).toBe(401);
    });

    it("reads a page from the (author, created_at) indexes, from the cursor on, however long the histories", async () => {
      const busy = await insertMember(t.database.db);
      const member = await insertMember(t.database.db);
      const now = Date.now();
      const ago = (i: number) => new Date(now - i * 1_000);
      const authorOf = (i: number) => (i % 10 === 0 ? member.id : busy.id);
      const made = await t.database.db
        .insert(topics)
        .values(Array.from({ length: 2_000 }, (_, i) => ({ title: `History ${i}`, createdBy: authorOf(i), createdAt: ago(i) })))
        .returning({ id: topics.id });
      for (let batch = 0; batch < 4; batch++) {
        await t.database.db
          .insert(posts)
          .values(Array.from({ length: 5_000 }, (_, i) => ({ content: "p", topicId: made[i % made.length]!.id, authorId: authorOf(i), createdAt: ago(batch * 5_000 + i) })));
      }
      await t.database.db.insert(profileComments).values(Array.from({ length: 2_000 }, (_, i) => ({ profileUserId: busy.id, authorId: authorOf(i), content: "c", createdAt: ago(i) })));
      // The statistics a running database keeps (autovacuum); ANALYZE takes the owner's connection.
      const owner = new pg.Client({ connectionString: t.database.url });
      await owner.connect();
      try {
        await owner.query("ANALYZE posts, topics, profile_comments, users");
      } finally {
        await owner.end();
      }
      const first = await activity(member.username);
      expect(first.items).toHaveLength(20);
      for (const options of [{ type: "all" as const }, { type: "all" as const, cursor: parseActivityCursor(first.nextCursor!) }, { type: "posts" as const }]) {
        const explained = await t.database.db.execute<{ "QUERY PLAN": string }>(sql`EXPLAIN ${activityQuery(member.id, { ...options, scope: OPEN_ONLY_SCOPE })}`);
        const plan = explained.rows.map((row) => row["QUERY PLAN"]).join("\n");
        expect(plan).toContain("Index Scan Backward using posts_author_id_created_at_idx");
        if (options.type === "all") expect(plan).toContain("Index Scan Backward using topics_created_by_created_at_idx");
        if (options.type === "all") expect(plan).toContain("Index Scan Backward using profile_comments_author_created_at_idx");
        expect(plan).not.toMatch(/Seq Scan on (posts|topics|profile_comments)/);
      }
    });

    it("gives excerpts of posts and comments as plain text, without Markdown marks", async () => {
      const member = await insertMember(t.database.db);
      const other = await insertMember(t.database.db);
      const author = await signedInAgent(t.app, member.username);
      const topicId = (await author.post("/api/topics").send({ title: "Marks" })).body.id;
      await author.post(`/api/topics/${topicId}/posts`).send({ content: "**Bold** and [a link](https://example.com)" });
      await author.post(`/api/users/${other.id}/comments`).send({ content: "_nice_ `profile`" });
      const page = await activity(member.username);
      expect(page.items.map((item) => item.content)).toEqual(["nice profile", "Bold and a link", null]);
    });
  });

  it("derives automatic badges and lists granted ones with their granter", async () => {
    const old = await insertMember(t.database.db, { createdAt: new Date(Date.now() - 400 * DAY), postsCount: 100 });
    const [topic] = await t.database.db.insert(topics).values({ title: "t", createdBy: old.id }).returning();
    await t.database.db.insert(posts).values(Array.from({ length: 100 }, (_, i) => ({ content: `p${i}`, topicId: topic!.id, authorId: old.id })));
    await t.database.db.insert(users).values(Array.from({ length: 10 }, () => ({ username: uniqueName("invitee"), password: "h", invitedBy: old.id })));
    await t.database.db.insert(userBadges).values({ userId: old.id, badgeType: "verified", grantedBy: adminId });

    const badges = (await viewer.get(`/api/users/${old.id}/badges`)).body as { badgeType: string; automatic: boolean; grantedByUsername: string | null }[];
    const byType = Object.fromEntries(badges.map((badge) => [badge.badgeType, badge]));
    expect(Object.keys(byType).sort()).toEqual(["inviter", "loyal_member", "og_user", "verified", "veteran"]);
    expect(byType.verified).toMatchObject({ automatic: false, grantedByUsername: (await readUser(t.database.db, adminId)).username });
    expect(byType.veteran).toMatchObject({ automatic: true, grantedByUsername: null });

    const newcomer = await insertMember(t.database.db, { postsCount: 99 });
    const newcomerBadges = (await viewer.get(`/api/users/${newcomer.id}/badges`)).body.map((badge: { badgeType: string }) => badge.badgeType);
    expect(newcomerBadges).toEqual(["og_user"]); // still among the first 100 accounts here
  });

  it("gives og_user only to the first 100 accounts", async () => {
    const fresh = await createTestApp();
    try {
      await fresh.database.db.insert(users).values(Array.from({ length: 101 }, (_, i) => ({ username: `early_${i}`, password: "h" })));
      const all = await fresh.database.db.select({ id: users.id }).from(users).orderBy(users.id);
      const agent = await signedInAgent(fresh.app, (await insertMember(fresh.database.db)).username);
      const types = async (id: number) => (await agent.get(`/api/users/${id}/badges`)).body.map((badge: { badgeType: string }) => badge.badgeType);
      expect(await types(all[99]!.id)).toContain("og_user");
      expect(await types(all[100]!.id)).not.toContain("og_user");
    } finally {
      await fresh.close();
    }
  });

  it("lists the member's assigned invites, newest first, with who used them", async () => {
    const member = await insertMember(t.database.db);
    const invitee = await insertMember(t.database.db);
    await t.database.db.insert(invites).values([
      { code: "ASSIGNED2345", assignedTo: member.id, usedBy: invitee.id, usedAt: new Date(), createdAt: new Date(Date.now() - 2 * DAY) },
      { code: "ASSIGNED6789", assignedTo: member.id, expiresAt: new Date(Date.now() + DAY), createdAt: new Date(Date.now() - DAY) },
      { code: "SOMEONEELSE2", assignedTo: invitee.id },
    ]);
    const agent = await signedInAgent(t.app, member.username);
    const res = await agent.get("/api/invites/assigned");
    expect(res.status).toBe(200);
    expect(res.body.map((invite: { code: string }) => invite.code)).toEqual(["ASSIGNED6789", "ASSIGNED2345"]);
    expect(res.body[0]).toMatchObject({ usedBy: null, usedByUsername: null });
    expect(res.body[1]).toMatchObject({ usedBy: invitee.id, usedByUsername: invitee.username });
  });

  it("creates a bio card once, setting hasBio", async () => {
    const member = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, member.username);
    const res = await agent.post("/api/bio");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: member.id, primaryColor: "#ffffff", boxWidth: 500, revealScreenText: "Reveal Profile", visibleBadges: null });
    expect((await agent.get("/api/auth/user")).body.hasBio).toBe(true);
    expect((await agent.post("/api/bio")).status).toBe(409);
  });
});
