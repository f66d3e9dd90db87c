import { and, count, eq } from "drizzle-orm";
import { Router } from "express";
import { MAX_LINKS_PER_USER } from "@shared/constants";
import { userLinkCreateSchema, type UserLinkCreateData } from "@shared/schemas/bio";
import type { BanInfo } from "@shared/types";
import type { Db } from "../../db/client";
import { userLinks } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { member, signedIn } from "../../middlewares/guards";
import { validateBody } from "../../middlewares/validate";
import { isBannedNow } from "../../policies/user";
import { presentUserLink } from "../../presenters/user-link";
import { findUsername } from "../../queries/find-username";
import { assertOwnUpload } from "../../uploads/ownership";
import { parseId } from "../params";

/** /api/user: things of the signed-in member themselves (ban info, bio card links). */
export function userRouter({ db }: { db: Db }): Router {
  const router = Router();

  // Open to banned members: the banned screen shows why, until when, and by whom.
  router.get("/ban-info", signedIn, async (req, res) => {
    const user = req.user!;
    const banned = isBannedNow(user);
    const info: BanInfo = {
      isBanned: banned,
      banReason: banned ? user.banReason : null,
      banExpiresAt: banned ? (user.banExpiresAt?.toISOString() ?? null) : null,
      bannedByUsername: banned ? await findUsername(db, user.bannedBy) : null,
    };
    res.json(info);
  });

  // The bio card's custom links, saved at once (independent of the card's Save Changes).
  router.post("/links", member, validateBody(userLinkCreateSchema), async (req, res) => {
    const link = req.body as UserLinkCreateData;
    await assertOwnUpload(db, req.user!.id, link.iconUrl, "iconUrl");
    const created = await db.transaction(async (tx) => {
      // Counted under a lock on the member's links, so parallel adds cannot pass the limit.
      const [{ existing }] = (await tx.select({ existing: count() }).from(userLinks).where(eq(userLinks.userId, req.user!.id))) as [{ existing: number }];
      if (existing >= MAX_LINKS_PER_USER) throw badRequest(`You can have at most ${MAX_LINKS_PER_USER} links`);
      const [row] = await tx
        .insert(userLinks)
        .values({ ...link, iconName: link.iconName ?? null, iconUrl: link.iconUrl || null, userId: req.user!.id })
        .returning();
      return row!;
    });
    res.status(201).json(presentUserLink(created));
  });

  router.delete("/links/:id", member, async (req, res) => {
    const id = parseId(req.params.id, "Link not found");
    // Someone else's link is answered like a missing one.
    const deleted = await db.delete(userLinks).where(and(eq(userLinks.id, id), eq(userLinks.userId, req.user!.id))).returning();
    if (!deleted.length) throw notFound("Link not found");
    res.json({ message: "Link deleted" });
  });

  return router;
}
