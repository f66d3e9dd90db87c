import { Router } from "express";
import { createGroupSchema, updateGroupSchema } from "@shared/schemas/groups";
import type { GroupsResponse } from "@shared/types";
import { addGroupMember, createGroup, deleteGroup, GROUP_NOT_FOUND, removeGroupMember, renameGroup } from "../../commands/groups";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { admin, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentGroup } from "../../presenters/group";
import { findGroup, listGroups } from "../../queries/groups";
import { parseId } from "../params";

/**
 * /api/admin/groups: administrators name groups and put members in them; categories open to groups
 * (docs/product.md "Groups and closed categories"). The built-in staff group is the moderators and
 * administrators: it cannot be renamed, deleted or have members added or removed here (409).
 */
export function adminGroupsRouter({ db }: { db: Db }): Router {
  const router = Router();
  router.use(admin);
  const groupId = (raw: unknown) => parseId(raw, GROUP_NOT_FOUND);
  const presentById = async (id: number) => {
    const group = await findGroup(db, id);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    return presentGroup(group);
  };

  router.get("/", memberHandler(async (_req, res) => {
    res.json({ groups: (await listGroups(db)).map(presentGroup) } satisfies GroupsResponse);
  }));

  router.post("/", memberHandler(createGroupSchema, async (req, res) => {
    const { id } = await createGroup(db, req.body.name);
    res.status(201).json(await presentById(id));
  }));

  router.patch("/:id", memberHandler(updateGroupSchema, async (req, res) => {
    const id = groupId(req.params.id);
    await renameGroup(db, id, req.body.name);
    res.json(await presentById(id));
  }));

  router.delete("/:id", noBody, memberHandler(async (req, res) => {
    await deleteGroup(db, groupId(req.params.id));
    res.json({ message: "Group deleted" });
  }));

  router.put("/:id/members/:username", noBody, memberHandler(async (req, res) => {
    const id = groupId(req.params.id);
    await addGroupMember(db, id, String(req.params.username));
    res.json(await presentById(id));
  }));

  router.delete("/:id/members/:username", noBody, memberHandler(async (req, res) => {
    const id = groupId(req.params.id);
    await removeGroupMember(db, id, String(req.params.username));
    res.json(await presentById(id));
  }));

  return router;
}
