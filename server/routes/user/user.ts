import { Router } from "express";
import type { BanInfo } from "@shared/types";
import type { Db } from "../../db/client";
import { signedIn } from "../../middlewares/guards";
import { isBannedNow } from "../../policies/user";
import { findUsername } from "../../queries/find-username";

/** /api/user: things about the signed-in member themselves. */
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

  return router;
}
