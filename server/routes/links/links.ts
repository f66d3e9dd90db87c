import { Router } from "express";
import {
  linkIconIssues,
  userLinkCreateSchema,
  userLinkOrderSchema,
  userLinkUpdateSchema,
  type UserLinkUpdateData,
} from "@shared/schemas/bio";
import { linkWindowIssues } from "@shared/policies/link-schedule";
import { addUserLink } from "../../commands/add-user-link";
import { deleteUserLink } from "../../commands/delete-user-link";
import { orderUserLinks } from "../../commands/order-user-links";
import { updateUserLink } from "../../commands/update-user-link";
import type { Db } from "../../db/client";
import { badRequest, notFound } from "../../errors";
import { member, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentUserLink } from "../../presenters/user-link";
import { findOwnLink } from "../../queries/bio-cards";
import { parseId } from "../params";

const LINK_NOT_FOUND = "Link not found";

/** Switching a link's icon type drops the other type's icon, unless the change gives one. */
function iconFieldsForType(current: string, changes: UserLinkUpdateData): Pick<UserLinkUpdateData, "iconName" | "iconUrl"> {
  if (!changes.iconType || changes.iconType === current) return {};
  return changes.iconType === "built-in" ? { iconUrl: changes.iconUrl ?? null } : { iconName: changes.iconName ?? null };
}

/** /api/user/links: the bio card's custom links, saved at once (independent of the card's Save Changes). */
export function linksRouter({ db }: { db: Db }): Router {
  const router = Router();

  router.post("/", member, memberHandler(userLinkCreateSchema, async (req, res) => {
    const created = await addUserLink(db, req.user.id, req.body);
    res.status(201).json(presentUserLink(created));
  }));

  // The same rules and messages as creating, the icon and the window checked on the link as it would be after the change.
  router.patch("/:id", member, memberHandler(userLinkUpdateSchema, async (req, res) => {
    const id = parseId(req.params.id, LINK_NOT_FOUND);
    const changes = req.body;
    const link = await findOwnLink(db, req.user.id, id);
    if (!link) throw notFound(LINK_NOT_FOUND);
    const values = { ...changes, ...iconFieldsForType(link.iconType, changes) };
    // "" means no icon, like null.
    if (values.iconUrl === "") values.iconUrl = null;
    const after = { ...link, ...values };
    const issues = [...linkIconIssues(after), ...linkWindowIssues(after)];
    if (issues.length) throw badRequest(issues[0]!.message, { errors: issues });
    res.json(presentUserLink(await updateUserLink(db, req.user.id, link, values)));
  }));

  router.put("/order", member, memberHandler(userLinkOrderSchema, async (req, res) => {
    const links = await orderUserLinks(db, req.user.id, req.body.ids);
    res.json(links.map(presentUserLink));
  }));

  router.delete("/:id", member, noBody, memberHandler(async (req, res) => {
    const id = parseId(req.params.id, LINK_NOT_FOUND);
    // Someone else's link is answered like a missing one.
    if (!(await deleteUserLink(db, req.user.id, id))) throw notFound(LINK_NOT_FOUND);
    res.json({ message: "Link deleted" });
  }));

  return router;
}
