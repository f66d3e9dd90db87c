import { Router } from "express";
import { adminUsersQuerySchema, banUserSchema } from "@shared/schemas/admin";
import { silenceSchema } from "@shared/schemas/moderation";
import type { AdminUsersResponse } from "@shared/types";
import { banUser, unbanUser } from "../../commands/ban-user";
import { silenceUser, unsilenceUser } from "../../commands/silence-user";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { memberHandler, staff } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { refuseIf } from "../../policies/authorize";
import { banRefusal, inviteRevocationRefusal, silenceRefusalFor, unbanRefusal } from "../../policies/moderation";
import { presentAdminSections, presentAdminUser } from "../../presenters/admin-user";
import type { MemberDirectory } from "../../queries/member-directory";
import { findAdminTarget, findUserByUsername, searchMembers } from "../../queries/users";
import { parseId } from "../params";

const USER_NOT_FOUND = "User not found";

/**
 * The part of /api/admin that staff share (docs/product.md "Moderation by the community"): the members
 * table, bans and silences. Moderators reach it; whom they may act on, and for how long, is
 * policies/moderation.ts. Everything else under /api/admin stays administrators' (admin.ts).
 */
export function staffMembersRouter({ db, memberDirectory }: { db: Db; memberDirectory: MemberDirectory }): Router {
  const router = Router();

  const loadTarget = async (raw: unknown) => {
    const target = await findAdminTarget(db, parseId(raw, USER_NOT_FOUND));
    if (!target) throw notFound(USER_NOT_FOUND);
    return target;
  };
  const presentByName = async (username: string, viewer: Express.User) => presentAdminUser((await findUserByUsername(db, username))!, viewer);

  router.get("/users", staff, memberHandler(async (req, res) => {
    const query = adminUsersQuerySchema.parse(req.query);
    const { rows, totalCount } = await searchMembers(db, memberDirectory, { page: query.page, limit: query.limit, search: query.search || undefined });
    const body: AdminUsersResponse = {
      users: rows.map((row) => presentAdminUser(row, req.user)),
      sections: presentAdminSections(req.user),
      totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / query.limit)),
    };
    res.json(body);
  }));

  router.post("/users/:id/ban", staff, memberHandler(banUserSchema, async (req, res) => {
    const target = await loadTarget(req.params.id);
    const { reason, expiresAt, revokeInvites } = req.body;
    refuseIf(banRefusal(req.user, target, expiresAt ? new Date(expiresAt) : null));
    if (revokeInvites) refuseIf(inviteRevocationRefusal(req.user));
    const { revokedInvites } = await banUser(db, { actor: req.user, target, reason, expiresAt, revokeInvites });
    res.json({ message: "User banned", revokedInvites, user: await presentByName(target.username, req.user) });
  }));

  router.post("/users/:id/unban", staff, noBody, memberHandler(async (req, res) => {
    const target = await loadTarget(req.params.id);
    refuseIf(unbanRefusal(req.user, target));
    await unbanUser(db, { actor: req.user, target });
    res.json({ message: "User unbanned", user: await presentByName(target.username, req.user) });
  }));

  router.post("/users/:id/silence", staff, memberHandler(silenceSchema, async (req, res) => {
    const target = await loadTarget(req.params.id);
    refuseIf(silenceRefusalFor(req.user, target));
    await silenceUser(db, { actor: req.user, target, days: req.body.days, reason: req.body.reason });
    res.json({ message: "User silenced", user: await presentByName(target.username, req.user) });
  }));

  router.delete("/users/:id/silence", staff, noBody, memberHandler(async (req, res) => {
    const target = await loadTarget(req.params.id);
    refuseIf(silenceRefusalFor(req.user, target));
    await unsilenceUser(db, { actor: req.user, target });
    res.json({ message: "Silence lifted", user: await presentByName(target.username, req.user) });
  }));

  return router;
}
