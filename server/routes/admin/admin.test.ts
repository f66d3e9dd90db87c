import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminActions, invites, userBadges, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, IS_ADMIN_REFUSED, readUser, signedInAgent } from "../../test/fixtures";
import { fillPath, listRoutes, routeName } from "../../test/routes";

const DAY = 86_400_000;

/** Admin-only routes outside /api/admin (every route under it is admin-only). */
const ADMIN_ROUTES_ELSEWHERE = ["post /api/invites", "get /api/invites", "delete /api/invites/:id"];
/** Bodies for the admin routes that take one. */
const ADMIN_BODIES: Record<string, object> = {
  "post /api/admin/users/:id/ban": { reason: "x" },
  "post /api/admin/users/:id/badges": { badgeType: "verified" },
};

describe("/api/admin", () => {
  let t: TestApp;
  let admin: Agent;
  let member: Agent;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await insertMember(t.database.db, { isAdmin: true });
    const m = await insertMember(t.database.db);
    adminId = a.id;
    admin = await signedInAgent(t.app, a.username);
    member = await signedInAgent(t.app, m.username);
  });
  afterAll(() => t.close());

  it("answers 403 to a member who is not an admin on every admin route", async () => {
    const target = await insertMember(t.database.db);
    const routes = listRoutes(t.app);
    expect(ADMIN_ROUTES_ELSEWHERE.filter((name) => !routes.some((route) => routeName(route) === name))).toEqual([]);
    const calls = routes
      .filter((route) => route.path.startsWith("/api/admin/") || ADMIN_ROUTES_ELSEWHERE.includes(routeName(route)))
      .map((route) => [route.method, fillPath(route, { id: String(target.id), badgeType: "verified", username: target.username }), ADMIN_BODIES[routeName(route)]] as const);
    for (const [method, path, body] of calls) {
      const res = await member[method](path).send(body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe("Administrator access required");
    }
    expect(await readUser(t.database.db, target.id)).toMatchObject({ isBanned: false });
  });

  it("searches members by username or UID, ten to a page", async () => {
    const found = await insertMember(t.database.db, { username: "Needle_Haystack" });
    const byName = await admin.get("/api/admin/users").query({ search: "  needle_hay " });
    expect(byName.body.users.map((user: { id: number }) => user.id)).toEqual([found.id]);
    const byId = await admin.get("/api/admin/users").query({ search: String(found.id) });
    expect(byId.body.users.map((user: { id: number }) => user.id)).toContain(found.id);
    const all = await admin.get("/api/admin/users").query({ page: 1, limit: 10 });
    expect(all.body.totalCount).toBe((await t.database.db.select().from(users)).length);
    expect(all.body.users[0]).toMatchObject({ isBanned: false, isOnline: false });
    expect(all.body.users[0]).not.toHaveProperty("email");
    const wildcard = await admin.get("/api/admin/users").query({ search: "%" });
    expect(wildcard.body.totalCount).toBe(0);
  });

  it("bans with a reason and a future expiry, and the ban ends by itself", async () => {
    const target = await insertMember(t.database.db);
    const targetAgent = await signedInAgent(t.app, target.username);
    expect((await admin.post(`/api/admin/users/${target.id}/ban`).send({})).body.message).toBe("Ban reason is required");
    expect((await admin.post(`/api/admin/users/${target.id}/ban`).send({ reason: "x", expiresAt: new Date(Date.now() - DAY).toISOString() })).status).toBe(400);

    const expiresAt = new Date(Date.now() + DAY).toISOString();
    const res = await admin.post(`/api/admin/users/${target.id}/ban`).send({ reason: "Spam", expiresAt });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ isBanned: true, banReason: "Spam", banExpiresAt: expiresAt });
    expect((await targetAgent.get("/api/topics")).status).toBe(403);
    expect((await targetAgent.get("/api/user/ban-info")).body.bannedByUsername).toBeTypeOf("string");

    // Time passes: the expiry is now behind us.
    await t.database.db.update(users).set({ banExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.id, target.id));
    // A change made outside the app reaches its session cache through an announcement, within moments.
    await vi.waitFor(async () => expect((await targetAgent.get("/api/topics")).status).toBe(200), { timeout: 3_000, interval: 20 });
  });

  it("bans permanently without an expiry, and unbans", async () => {
    const target = await insertMember(t.database.db);
    await admin.post(`/api/admin/users/${target.id}/ban`).send({ reason: "Abuse" });
    expect(await readUser(t.database.db, target.id)).toMatchObject({ isBanned: true, banExpiresAt: null, bannedBy: adminId });
    const res = await admin.post(`/api/admin/users/${target.id}/unban`);
    expect(res.body.user).toMatchObject({ isBanned: false, banReason: null });
  });

  it("refuses to ban or delete an administrator", async () => {
    const other = await insertMember(t.database.db, { isAdmin: true });
    const ban = await admin.post(`/api/admin/users/${other.id}/ban`).send({ reason: "x" });
    expect(ban.status).toBe(403);
    expect(ban.body.message).toBe("Administrators cannot be banned");
    const del = await admin.delete(`/api/admin/users/${other.id}`);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe("Administrators cannot be deleted");
    expect((await admin.post(`/api/admin/users/${adminId}/ban`).send({ reason: "self" })).status).toBe(403);
    expect(await readUser(t.database.db, other.id)).toMatchObject({ isBanned: false });
  });

  it("answers 404 for missing members", async () => {
    for (const res of [
      await admin.post("/api/admin/users/999999/ban").send({ reason: "x" }),
      await admin.delete("/api/admin/users/999999"),
      await admin.post("/api/admin/users/999999/invite"),
      await admin.post("/api/admin/users/abc/badges").send({ badgeType: "verified" }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("User not found");
    }
  });

  it("grants and removes manual badges only, 409 on a repeat", async () => {
    const target = await insertMember(t.database.db);
    const granted = await admin.post(`/api/admin/users/${target.id}/badges`).send({ badgeType: "verified" });
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ badgeType: "verified", automatic: false });
    expect((await admin.post(`/api/admin/users/${target.id}/badges`).send({ badgeType: "verified" })).status).toBe(409);
    const automatic = await admin.post(`/api/admin/users/${target.id}/badges`).send({ badgeType: "veteran" });
    expect(automatic.status).toBe(400);
    expect(automatic.body.message).toBe("Automatic badges cannot be granted or removed");
    expect((await admin.post(`/api/admin/users/${target.id}/badges`).send({ badgeType: "wizard" })).status).toBe(400);
    expect((await admin.delete(`/api/admin/users/${target.id}/badges/og_user`)).status).toBe(400);
    expect((await admin.delete(`/api/admin/users/${target.id}/badges/verified`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/users/${target.id}/badges/verified`)).status).toBe(404);
    expect(await t.database.db.select().from(userBadges).where(eq(userBadges.userId, target.id))).toEqual([]);
  });

  it("creates an invite assigned to a member, expiring in 30 days", async () => {
    const target = await insertMember(t.database.db);
    const res = await admin.post(`/api/admin/users/${target.id}/invite`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ assignedToUsername: target.username, status: "active" });
    const days = (Date.parse(res.body.expiresAt) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("refuses any field in the body of unban, a member's invite, badge removal and deletion, and takes none or {}", async () => {
    const target = await insertMember(t.database.db);
    await admin.post(`/api/admin/users/${target.id}/ban`).send({ reason: "Abuse" });
    await admin.post(`/api/admin/users/${target.id}/badges`).send({ badgeType: "verified" });
    const writes: ["post" | "delete", string][] = [
      ["post", `/api/admin/users/${target.id}/unban`],
      ["post", `/api/admin/users/${target.id}/invite`],
      ["delete", `/api/admin/users/${target.id}/badges/verified`],
      ["delete", `/api/admin/users/${target.id}`],
    ];
    for (const [method, path] of writes) {
      const res = await admin[method](path).send({ isAdmin: true });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body, `${method} ${path}`).toEqual(IS_ADMIN_REFUSED);
    }
    expect(await readUser(t.database.db, target.id)).toMatchObject({ isBanned: true, isAdmin: false });
    expect(await t.database.db.select().from(invites).where(eq(invites.assignedTo, target.id))).toEqual([]);
    expect(await t.database.db.select().from(userBadges).where(eq(userBadges.userId, target.id))).toHaveLength(1);

    expect((await admin.post(`/api/admin/users/${target.id}/unban`).send({})).body.user).toMatchObject({ isBanned: false });
    await admin.post(`/api/admin/users/${target.id}/ban`).send({ reason: "Again" });
    expect((await admin.post(`/api/admin/users/${target.id}/unban`)).body.user).toMatchObject({ isBanned: false });
    expect((await admin.post(`/api/admin/users/${target.id}/invite`)).status).toBe(201);
    expect((await admin.delete(`/api/admin/users/${target.id}/badges/verified`).send({})).status).toBe(200);
    expect((await admin.delete(`/api/admin/users/${target.id}`)).status).toBe(200);
  });

  it("records every action in the audit trail", async () => {
    const target = await insertMember(t.database.db);
    await admin.post(`/api/admin/users/${target.id}/ban`).send({ reason: "Audit me" });
    const res = await admin.get("/api/admin/actions").query({ limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ action: "ban", targetUserId: target.id, targetUsername: target.username, details: "Audit me (permanently)" });
    expect(res.body[0].adminUsername).toBeTypeOf("string");
  });

  describe("invites", () => {
    it("gives one invite to each member who is not banned", async () => {
      const fresh = await createTestApp();
      try {
        const boss = await insertMember(fresh.database.db, { isAdmin: true });
        await insertMember(fresh.database.db);
        await insertMember(fresh.database.db, { isBanned: true, banReason: "x" });
        await insertMember(fresh.database.db, { isBanned: true, banReason: "over", banExpiresAt: new Date(Date.now() - 1000) });
        const agent = await signedInAgent(fresh.app, boss.username);
        const res = await agent.post("/api/admin/invite-wave");
        expect(res.body).toEqual({ successCount: 3, totalUsers: 3 });
        const assigned = await fresh.database.db.select().from(invites);
        expect(new Set(assigned.map((invite) => invite.assignedTo)).size).toBe(3);
      } finally {
        await fresh.close();
      }
    });

    it("purges only unused expired, or only unused active invites; used ones stay", async () => {
      const fresh = await createTestApp();
      try {
        const boss = await insertMember(fresh.database.db, { isAdmin: true });
        const agent = await signedInAgent(fresh.app, boss.username);
        const past = new Date(Date.now() - DAY);
        const future = new Date(Date.now() + DAY);
        await fresh.database.db.insert(invites).values([
          { code: "EXPIREDUNUSD", expiresAt: past },
          { code: "EXPIREDUSED2", expiresAt: past, usedBy: boss.id, usedAt: past },
          { code: "ACTIVEFUTURE", expiresAt: future },
          { code: "ACTIVEFOREVR" },
          { code: "USEDFOREVER2", usedBy: boss.id, usedAt: new Date() },
        ]);
        const codes = async () => (await fresh.database.db.select().from(invites)).map((invite) => invite.code).sort();
        expect((await agent.post("/api/admin/purge-invites")).body).toEqual({ deletedCount: 1 });
        expect(await codes()).toEqual(["ACTIVEFOREVR", "ACTIVEFUTURE", "EXPIREDUSED2", "USEDFOREVER2"]);
        expect((await agent.post("/api/admin/purge-active-invites")).body).toEqual({ deletedCount: 2 });
        expect(await codes()).toEqual(["EXPIREDUSED2", "USEDFOREVER2"]);
      } finally {
        await fresh.close();
      }
    });

    it("refuses any field in the body of the invite wave and the purges, and takes none or {}", async () => {
      const fresh = await createTestApp();
      try {
        const boss = await insertMember(fresh.database.db, { isAdmin: true });
        await insertMember(fresh.database.db);
        const agent = await signedInAgent(fresh.app, boss.username);
        await fresh.database.db.insert(invites).values([{ code: "EXPIREDUNUSD", expiresAt: new Date(Date.now() - DAY) }, { code: "ACTIVEFOREVR" }]);
        for (const path of ["/api/admin/invite-wave", "/api/admin/purge-invites", "/api/admin/purge-active-invites"]) {
          const res = await agent.post(path).send({ isAdmin: true });
          expect(res.status, path).toBe(400);
          expect(res.body, path).toEqual(IS_ADMIN_REFUSED);
        }
        expect((await fresh.database.db.select().from(invites)).map((invite) => invite.code).sort()).toEqual(["ACTIVEFOREVR", "EXPIREDUNUSD"]);
        expect(await fresh.database.db.select().from(adminActions)).toEqual([]);

        expect((await agent.post("/api/admin/invite-wave")).body).toEqual({ successCount: 2, totalUsers: 2 });
        expect((await agent.post("/api/admin/invite-wave").send({})).body).toEqual({ successCount: 2, totalUsers: 2 });
        expect((await agent.post("/api/admin/purge-invites").send({})).body).toEqual({ deletedCount: 1 });
        expect((await agent.post("/api/admin/purge-active-invites")).body).toEqual({ deletedCount: 5 });
      } finally {
        await fresh.close();
      }
    });

    it("creates, lists newest first with status, and deletes only unused invites", async () => {
      const never = await admin.post("/api/invites");
      expect(never.status).toBe(201);
      expect(never.body).toMatchObject({ expiresAt: null, status: "active" });
      const week = await admin.post("/api/invites").send({ expiresInDays: 7 });
      expect(week.body.expiresAt).not.toBeNull();
      expect((await admin.post("/api/invites").send({ expiresInDays: 0 })).status).toBe(400);
      expect((await admin.post("/api/invites").send({ assignedTo: 1 })).status).toBe(400);

      const list = await admin.get("/api/invites").query({ page: 1, limit: 10 });
      expect(list.body.invites[0].id).toBe(week.body.id);
      expect(list.body.totalCount).toBeGreaterThanOrEqual(2);

      const [used] = await t.database.db.insert(invites).values({ code: "USEDALREADY2", usedBy: adminId, usedAt: new Date() }).returning();
      const refused = await admin.delete(`/api/invites/${used!.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("Only unused invites can be deleted");
      expect((await admin.delete(`/api/invites/${never.body.id}`)).status).toBe(200);
      expect((await admin.delete(`/api/invites/${never.body.id}`)).status).toBe(404);
      expect(await t.database.db.select().from(invites).where(inArray(invites.id, [used!.id]))).toHaveLength(1);
      const actions = await t.database.db.select().from(adminActions).where(eq(adminActions.action, "delete_invite"));
      expect(actions).toHaveLength(1);
    });
  });
});
