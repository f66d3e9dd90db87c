import { and, count, eq, sql } from "drizzle-orm";
import { Router } from "express";
import { MAX_LINKS_PER_USER } from "@shared/constants";
import {
  linkIconIssues,
  userLinkCreateSchema,
  userLinkOrderSchema,
  userLinkUpdateSchema,
  type UserLinkUpdateData,
} from "@shared/schemas/bio";
import type { Db } from "../../db/client";
import { userLinks, users } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { member, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentUserLink } from "../../presenters/user-link";
import { listLinksOf } from "../../queries/bio-cards";
import { claimOwnUpload } from "../../uploads/ownership";
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
    const link = req.body;
    await claimOwnUpload(db, req.user.id, link.iconUrl, "iconUrl");
    const created = await db.transaction(async (tx) => {
      // Counted under a lock on the member's row, so parallel adds wait their turn and cannot pass the limit.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, req.user.id)).for("update");
      const [{ existing }] = (await tx.select({ existing: count() }).from(userLinks).where(eq(userLinks.userId, req.user.id))) as [{ existing: number }];
      if (existing >= MAX_LINKS_PER_USER) throw badRequest(`You can have at most ${MAX_LINKS_PER_USER} links`);
      const [row] = await tx
        .insert(userLinks)
        .values({ ...link, iconName: link.iconName ?? null, iconUrl: link.iconUrl || null, userId: req.user.id })
        .returning();
      return row!;
    });
    res.status(201).json(presentUserLink(created));
  }));

  // The same rules and messages as creating, checked on the link as it would be after the change.
  router.patch("/:id", member, memberHandler(userLinkUpdateSchema, async (req, res) => {
    const id = parseId(req.params.id, LINK_NOT_FOUND);
    const changes = req.body;
    const [link] = await db.select().from(userLinks).where(and(eq(userLinks.id, id), eq(userLinks.userId, req.user.id)));
    if (!link) throw notFound(LINK_NOT_FOUND);
    const values = { ...changes, ...iconFieldsForType(link.iconType, changes) };
    // "" means no icon, like null.
    if (values.iconUrl === "") values.iconUrl = null;
    const issues = linkIconIssues({ iconType: link.iconType, iconName: link.iconName, iconUrl: link.iconUrl, ...values });
    if (issues.length) throw badRequest(issues[0]!.message, { errors: issues });
    await claimOwnUpload(db, req.user.id, values.iconUrl, "iconUrl");
    const [updated] = Object.keys(values).length ? await db.update(userLinks).set(values).where(eq(userLinks.id, id)).returning() : [link];
    res.json(presentUserLink(updated!));
  }));

  // The new order names every one of the member's links once; anything else changes nothing.
  router.put("/order", member, memberHandler(userLinkOrderSchema, async (req, res) => {
    const { ids } = req.body;
    const userId = req.user.id;
    const links = await db.transaction(async (tx) => {
      const owned = await tx.select({ id: userLinks.id }).from(userLinks).where(eq(userLinks.userId, userId)).for("update");
      const ownedIds = new Set(owned.map((link) => link.id));
      if (ids.length !== ownedIds.size || !ids.every((linkId) => ownedIds.has(linkId))) {
        throw badRequest("The order must list each of your links exactly once", { errors: [{ path: "ids", message: "Must list each of your links exactly once" }] });
      }
      await tx.execute(sql`
        UPDATE ${userLinks} SET display_order = o.position - 1
          FROM unnest(ARRAY[${sql.join(ids.map((linkId) => sql`${linkId}`), sql`, `)}]::int[]) WITH ORDINALITY AS o(id, position)
         WHERE ${userLinks.id} = o.id AND ${userLinks.userId} = ${userId}`);
      return listLinksOf(tx, userId);
    });
    res.json(links.map(presentUserLink));
  }));

  router.delete("/:id", member, noBody, memberHandler(async (req, res) => {
    const id = parseId(req.params.id, LINK_NOT_FOUND);
    // Someone else's link is answered like a missing one.
    const deleted = await db.delete(userLinks).where(and(eq(userLinks.id, id), eq(userLinks.userId, req.user.id))).returning({ id: userLinks.id });
    if (!deleted.length) throw notFound(LINK_NOT_FOUND);
    res.json({ message: "Link deleted" });
  }));

  return router;
}
