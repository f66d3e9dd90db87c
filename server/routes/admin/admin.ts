import { Router } from "express";
import { adminActionsQuerySchema, badgeParamsSchema, deleteMemberQuerySchema, deleteMemberSchema, grantBadgeSchema } from "@shared/schemas/admin";
import { DEFAULT_ADMIN_DELETION_CONTENT } from "@shared/member-deletion";
import { roleChangeSchema } from "@shared/schemas/moderation";
import { createAdminInvite } from "../../commands/admin-invite";
import { grantBadge, removeBadge } from "../../commands/badges";
import { changeRole } from "../../commands/change-role";
import { recordModeration } from "../../commands/record-moderation";
import { runDeletionBatch, startMemberDeletion, type DeletionSettings } from "../../commands/delete-user";
import { sendInviteWave } from "../../commands/invite-wave";
import { purgeInvites } from "../../commands/purge-invites";
import { recordAdminAction } from "../../commands/record-admin-action";
import { disconnectUser } from "../../presence/control";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { admin, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { refuseIf } from "../../policies/authorize";
import { memberDeletionRefusal, roleChangeRefusal } from "../../policies/moderation";
import { presentAdminAction } from "../../presenters/admin-action";
import { presentAdminUser } from "../../presenters/admin-user";
import { presentInviteRelatives } from "../../presenters/invite-relatives";
import { presentUserBadge } from "../../presenters/badge";
import { presentInvite, presentInviteWave, presentPurge } from "../../presenters/invite";
import { presentMemberDeletion } from "../../presenters/member-deletion";
import { listAdminActions } from "../../queries/admin-actions";
import { findInvite } from "../../queries/invites";
import { findMemberDeletion } from "../../queries/member-deletions";
import { findInviteRelatives } from "../../queries/invite-relatives";
import { findAdminTarget, findUserByUsername } from "../../queries/users";
import { parseId } from "../params";

const USER_NOT_FOUND = "User not found";
const DELETION_NOT_FOUND = "Deletion not found";

/**
 * /api/admin: roles, deletion, badges, invites, invite waves and purges. Every route is admin-only;
 * the members table, bans and silences, which moderators share, are members.ts.
 */
export function adminRouter({ db, deletionSettings }: { db: Db; deletionSettings: DeletionSettings }): Router {
  const router = Router();
  router.use(admin);

  const loadTarget = async (raw: unknown) => {
    const target = await findAdminTarget(db, parseId(raw, USER_NOT_FOUND));
    if (!target) throw notFound(USER_NOT_FOUND);
    return target;
  };
  const presentByName = async (username: string, viewer: Express.User) => presentAdminUser((await findUserByUsername(db, username))!, viewer);

  router.put("/users/:id/role", memberHandler(roleChangeSchema, async (req, res) => {
    const target = await loadTarget(req.params.id);
    refuseIf(roleChangeRefusal(req.user, target));
    await changeRole(db, { actor: req.user, target, role: req.body.role });
    res.json({ message: "Role changed", user: await presentByName(target.username, req.user) });
  }));

  // Invite accountability (docs/product.md "Admin"): who invited the member, whom they invited, and their states.
  router.get("/users/:id/invites", memberHandler(async (req, res) => {
    const target = await loadTarget(req.params.id);
    res.json(presentInviteRelatives(await findInviteRelatives(db, target.id)));
  }));

  router.delete("/users/:id", memberHandler(deleteMemberSchema, async (req, res) => {
    // The mode in the body or the query (docs/product.md "Content outlives its author"); erase when neither says.
    const content = req.body.content ?? deleteMemberQuerySchema.parse(req.query).content ?? DEFAULT_ADMIN_DELETION_CONTENT;
    const target = await loadTarget(req.params.id);
    refuseIf(memberDeletionRefusal(req.user, target));
    // Gone for everyone from here on; their rows follow in batches (docs/decisions/021, 058).
    const { job, deletedData } = await startMemberDeletion(db, { userId: target.id, requestedBy: req.user.id, content });
    const { posts, topics, comments, messages } = deletedData;
    // The account is gone, so the trail keeps the name only.
    await recordAdminAction(db, {
      action: "delete_user",
      admin: req.user,
      target: { id: null, username: target.username },
      details: `${posts} posts, ${topics} topics, ${comments} comments, ${messages} messages (${content})`,
    });
    await recordModeration(db, { action: "delete_member", moderator: req.user, targetType: "member", targetLabel: target.username });
    await disconnectUser(db, target.id);
    // A small deletion is complete after this first batch; a larger one goes on in the background,
    // batch jobs on the job queue, and the admin watches it (GET below). The member is gone either
    // way: should this batch fail, its job (queued with the deletion) does it again.
    await runDeletionBatch(db, deletionSettings, job.id).catch(() => null);
    res.json({ message: "User deleted", content, deletedData });
  }));

  router.get("/users/:id/deletion", memberHandler(async (req, res) => {
    const deletion = await findMemberDeletion(db, parseId(req.params.id, DELETION_NOT_FOUND));
    if (!deletion) throw notFound(DELETION_NOT_FOUND);
    res.json(presentMemberDeletion(deletion));
  }));

  router.post("/users/:id/invite", noBody, memberHandler(async (req, res) => {
    const target = await loadTarget(req.params.id);
    const invite = await createAdminInvite(db, req.user, { assignedTo: target });
    res.status(201).json(presentInvite((await findInvite(db, invite.id))!));
  }));

  router.post("/users/:id/badges", memberHandler(grantBadgeSchema, async (req, res) => {
    const target = await loadTarget(req.params.id);
    const { badgeType } = req.body;
    const granted = await grantBadge(db, { admin: req.user, target, badgeType });
    res.status(201).json(presentUserBadge({ badgeType, grantedAt: granted.grantedAt, grantedByUsername: req.user.username, automatic: false }));
  }));

  router.delete("/users/:id/badges/:badgeType", noBody, memberHandler(async (req, res) => {
    const { badgeType } = badgeParamsSchema.parse(req.params);
    const target = await loadTarget(req.params.id);
    await removeBadge(db, { admin: req.user, target, badgeType });
    res.json({ message: "Badge removed" });
  }));

  router.post("/invite-wave", noBody, memberHandler(async (req, res) => {
    res.json(presentInviteWave(await sendInviteWave(db, req.user)));
  }));

  router.post("/purge-invites", noBody, memberHandler(async (req, res) => {
    res.json(presentPurge(await purgeInvites(db, req.user, "expired")));
  }));

  router.post("/purge-active-invites", noBody, memberHandler(async (req, res) => {
    res.json(presentPurge(await purgeInvites(db, req.user, "active")));
  }));

  router.get("/actions", memberHandler(async (req, res) => {
    const { limit } = adminActionsQuerySchema.parse(req.query);
    res.json((await listAdminActions(db, limit)).map(presentAdminAction));
  }));

  return router;
}
