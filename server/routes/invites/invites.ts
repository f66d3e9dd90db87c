import { Router } from "express";
import { paginationQuerySchema } from "@shared/schemas/fields";
import { createInviteSchema } from "@shared/schemas/invites";
import type { InvitesResponse } from "@shared/types";
import { createAdminInvite, deleteUnusedInvite } from "../../commands/admin-invite";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { admin, member, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentAssignedInvite, presentInvite } from "../../presenters/invite";
import { findInvite, listAssignedInvites, listInvites } from "../../queries/invites";
import { parseId } from "../params";

const INVITE_NOT_FOUND = "Invite not found";

/** /api/invites: a member's assigned invites; creating, listing and deleting invites (admins). */
export function invitesRouter({ db }: { db: Db }): Router {
  const router = Router();

  router.get("/assigned", member, memberHandler(async (req, res) => {
    res.json((await listAssignedInvites(db, req.user.id)).map(presentAssignedInvite));
  }));

  router.post("/", admin, memberHandler(createInviteSchema, async (req, res) => {
    const { expiresInDays } = req.body;
    const invite = await createAdminInvite(db, req.user, { expiresInDays });
    res.status(201).json(presentInvite((await findInvite(db, invite.id))!));
  }));

  router.get("/", admin, memberHandler(async (req, res) => {
    const { page, limit } = paginationQuerySchema.parse(req.query);
    const { rows, totalCount } = await listInvites(db, { page, limit });
    res.json({ invites: rows.map(presentInvite), totalCount } satisfies InvitesResponse);
  }));

  router.delete("/:id", admin, noBody, memberHandler(async (req, res) => {
    const invite = await findInvite(db, parseId(req.params.id, INVITE_NOT_FOUND));
    if (!invite) throw notFound(INVITE_NOT_FOUND);
    await deleteUnusedInvite(db, req.user, invite);
    res.json({ message: "Invite deleted" });
  }));

  return router;
}
