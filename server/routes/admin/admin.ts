import { and, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { Router } from "express";
import { z } from "zod";
import { ASSIGNED_INVITE_EXPIRES_IN_DAYS, MAX_PAGE_SIZE } from "@shared/constants";
import { adminUsersQuerySchema, badgeParamsSchema, banUserSchema, grantBadgeSchema, type BanUserData, type GrantBadgeData } from "@shared/schemas/admin";
import { pageSizeSchema } from "@shared/schemas/fields";
import type { AdminUsersResponse, InviteWaveResponse, PurgeResponse, UserBadge } from "@shared/types";
import { createInvite, generateInviteCode } from "../../commands/create-invite";
import { deleteUser } from "../../commands/delete-user";
import { disconnectUser } from "../../presence/control";
import { recordAdminAction } from "../../commands/record-admin-action";
import { notifyBadge } from "../../commands/notify";
import type { Db } from "../../db/client";
import { adminActions, invites, userBadges, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { admin } from "../../middlewares/guards";
import { validateBody } from "../../middlewares/validate";
import { authorize } from "../../policies/authorize";
import { canBan, canDeleteAccount } from "../../policies/admin";
import { presentAdminAction } from "../../presenters/admin-action";
import { presentAdminUser } from "../../presenters/admin-user";
import { presentInvite } from "../../presenters/invite";
import { findInvite } from "../../queries/invites";
import { findUserByUsername, searchMembers } from "../../queries/users";
import { parseId } from "../params";

const USER_NOT_FOUND = "User not found";
const actionsQuerySchema = z.object({ limit: pageSizeSchema(20, MAX_PAGE_SIZE) });

/** /api/admin: members, bans, deletion, badges, invite waves and purges. Every route is admin-only. */
export function adminRouter({ db, uploadDir }: { db: Db; uploadDir: string }): Router {
  const router = Router();
  router.use(admin);

  const loadTarget = async (raw: unknown) => {
    const [target] = await db.select().from(users).where(eq(users.id, parseId(raw, USER_NOT_FOUND)));
    if (!target) throw notFound(USER_NOT_FOUND);
    return target;
  };
  const presentByName = async (username: string) => presentAdminUser((await findUserByUsername(db, username))!);

  router.get("/users", async (req, res) => {
    const query = adminUsersQuerySchema.parse(req.query);
    const { rows, totalCount } = await searchMembers(db, { page: query.page, limit: query.limit, search: query.search || undefined });
    const body: AdminUsersResponse = { users: rows.map(presentAdminUser), totalCount, totalPages: Math.max(1, Math.ceil(totalCount / query.limit)) };
    res.json(body);
  });

  router.post("/users/:id/ban", validateBody(banUserSchema), async (req, res) => {
    const target = await loadTarget(req.params.id);
    authorize(canBan(target), "Administrators cannot be banned");
    const { reason, expiresAt } = req.body as BanUserData;
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ isBanned: true, banReason: reason, banExpiresAt: expiresAt ? new Date(expiresAt) : null, bannedBy: req.user!.id })
        .where(eq(users.id, target.id));
      const until = expiresAt ? `until ${expiresAt}` : "permanently";
      await recordAdminAction(tx, { action: "ban", admin: req.user!, target, details: `${reason} (${until})` });
      // Their live connections end on every server process, so they drop off the online list.
      await disconnectUser(tx, target.id);
    });
    res.json({ message: "User banned", user: await presentByName(target.username) });
  });

  router.post("/users/:id/unban", async (req, res) => {
    const target = await loadTarget(req.params.id);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ isBanned: false, banReason: null, banExpiresAt: null, bannedBy: null }).where(eq(users.id, target.id));
      await recordAdminAction(tx, { action: "unban", admin: req.user!, target });
    });
    res.json({ message: "User unbanned", user: await presentByName(target.username) });
  });

  router.delete("/users/:id", async (req, res) => {
    const target = await loadTarget(req.params.id);
    authorize(canDeleteAccount(target), "Administrators cannot be deleted");
    const { deletedData } = await deleteUser(db, target.id, uploadDir);
    const { posts, topics, comments } = deletedData;
    // The account is gone, so the trail keeps the name only.
    await recordAdminAction(db, {
      action: "delete_user",
      admin: req.user!,
      target: { id: null, username: target.username },
      details: `${posts} posts, ${topics} topics, ${comments} comments`,
    });
    await disconnectUser(db, target.id);
    res.json({ message: "User deleted", deletedData });
  });

  router.post("/users/:id/invite", async (req, res) => {
    const target = await loadTarget(req.params.id);
    const invite = await db.transaction(async (tx) => {
      const created = await createInvite(tx, { createdBy: req.user!.id, assignedTo: target.id, expiresInDays: ASSIGNED_INVITE_EXPIRES_IN_DAYS });
      await recordAdminAction(tx, { action: "create_user_invite", admin: req.user!, target, details: created.code });
      return created;
    });
    res.status(201).json(presentInvite((await findInvite(db, invite.id))!));
  });

  router.post("/users/:id/badges", validateBody(grantBadgeSchema), async (req, res) => {
    const target = await loadTarget(req.params.id);
    const { badgeType } = req.body as GrantBadgeData;
    const granted = await db.transaction(async (tx) => {
      const [row] = await tx.insert(userBadges).values({ userId: target.id, badgeType, grantedBy: req.user!.id }).onConflictDoNothing().returning();
      if (!row) throw conflict("This badge is already granted");
      await recordAdminAction(tx, { action: "grant_badge", admin: req.user!, target, details: badgeType });
      await notifyBadge(tx, { userId: target.id, grantedBy: req.user!.id, badgeType });
      return row;
    });
    const body: UserBadge = { badgeType, grantedAt: granted.grantedAt.toISOString(), grantedByUsername: req.user!.username, automatic: false };
    res.status(201).json(body);
  });

  router.delete("/users/:id/badges/:badgeType", async (req, res) => {
    const { badgeType } = badgeParamsSchema.parse(req.params);
    const target = await loadTarget(req.params.id);
    await db.transaction(async (tx) => {
      const removed = await tx.delete(userBadges).where(and(eq(userBadges.userId, target.id), eq(userBadges.badgeType, badgeType))).returning();
      if (!removed.length) throw notFound("This badge is not granted");
      await recordAdminAction(tx, { action: "remove_badge", admin: req.user!, target, details: badgeType });
    });
    res.json({ message: "Badge removed" });
  });

  /** One assigned invite for every member who is not banned, in one statement. */
  router.post("/invite-wave", async (req, res) => {
    const body = await db.transaction(async (tx) => {
      const eligible = await tx
        .select({ id: users.id })
        .from(users)
        .where(or(eq(users.isBanned, false), and(eq(users.isBanned, true), lte(users.banExpiresAt, sql`now()`))));
      const expiresAt = new Date(Date.now() + ASSIGNED_INVITE_EXPIRES_IN_DAYS * 86_400_000);
      const created = eligible.length
        ? await tx
            .insert(invites)
            .values(eligible.map((member) => ({ code: generateInviteCode(), createdBy: req.user!.id, assignedTo: member.id, expiresAt })))
            .returning({ id: invites.id })
        : [];
      await recordAdminAction(tx, { action: "invite_wave", admin: req.user!, details: `${created.length} invites` });
      return { successCount: created.length, totalUsers: eligible.length } satisfies InviteWaveResponse;
    });
    res.json(body);
  });

  // Used invites are history and are never purged.
  const purge = (action: "purge_expired_invites" | "purge_active_invites", expired: boolean) =>
    router.post(action === "purge_expired_invites" ? "/purge-invites" : "/purge-active-invites", async (req, res) => {
      const body = await db.transaction(async (tx) => {
        const stillValid = or(isNull(invites.expiresAt), gt(invites.expiresAt, sql`now()`));
        const deleted = await tx
          .delete(invites)
          .where(and(isNull(invites.usedAt), expired ? sql`NOT (${stillValid})` : stillValid))
          .returning({ id: invites.id });
        await recordAdminAction(tx, { action, admin: req.user!, details: `${deleted.length} invites` });
        return { deletedCount: deleted.length } satisfies PurgeResponse;
      });
      res.json(body);
    });
  purge("purge_expired_invites", true);
  purge("purge_active_invites", false);

  router.get("/actions", async (req, res) => {
    const { limit } = actionsQuerySchema.parse(req.query);
    const rows = await db.select().from(adminActions).orderBy(desc(adminActions.createdAt), desc(adminActions.id)).limit(limit);
    res.json(rows.map(presentAdminAction));
  });

  return router;
}
