import { eq } from "drizzle-orm";
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

  it("lists the last 7 days of posts, topics and comments written, newest first", async () => {
    const member = await insertMember(t.database.db);
    const other = await insertMember(t.database.db);
    const now = Date.now();
    const [topic] = await t.database.db.insert(topics).values({ title: "Fresh topic", description: "About things", createdBy: member.id, createdAt: new Date(now - 3 * DAY) }).returning();
    await t.database.db.insert(topics).values({ title: "Old topic", createdBy: member.id, createdAt: new Date(now - 8 * DAY) });
    await t.database.db.insert(posts).values([
      { content: "x".repeat(500), topicId: topic!.id, authorId: member.id, createdAt: new Date(now - DAY) },
      { content: "ancient", topicId: topic!.id, authorId: member.id, createdAt: new Date(now - 9 * DAY) },
    ]);
    await t.database.db.insert(profileComments).values({ profileUserId: other.id, authorId: member.id, content: "Nice profile", createdAt: new Date(now - 2 * DAY) });

    const res = await viewer.get(`/api/users/${member.id}/activity`);
    expect(res.status).toBe(200);
    expect(res.body.map((item: { type: string }) => item.type)).toEqual(["post", "profile_comment", "topic"]);
    expect(res.body[0]).toMatchObject({ topicTitle: "Fresh topic", title: null, targetUser: null });
    expect(res.body[0].content.length).toBeLessThan(500);
    expect(res.body[1]).toMatchObject({ content: "Nice profile", targetUser: other.username });
    expect(res.body[2]).toMatchObject({ title: "Fresh topic", content: "About things" });
    expect((await viewer.get("/api/users/999999/activity")).status).toBe(404);
  });

  it("gives activity excerpts of posts and comments as plain text, without Markdown marks", async () => {
    const member = await insertMember(t.database.db);
    const other = await insertMember(t.database.db);
    const author = await signedInAgent(t.app, member.username);
    const topicId = (await author.post("/api/topics").send({ title: "Marks" })).body.id;
    await author.post(`/api/topics/${topicId}/posts`).send({ content: "**Bold** and [a link](https://example.com)" });
    await author.post(`/api/users/${other.id}/comments`).send({ content: "_nice_ `profile`" });
    const res = await viewer.get(`/api/users/${member.id}/activity`);
    expect(res.body.map((item: { content: string }) => item.content)).toEqual(["nice profile", "Bold and a link", null]);
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
