import { Router } from "express";
import { moderationLogQuerySchema } from "@shared/schemas/moderation";
import type { Db } from "../../db/client";
import { member, memberHandler } from "../../middlewares/guards";
import { presentModerationLog } from "../../presenters/moderation-log";
import { listModerationLog } from "../../queries/moderation-log";

/** GET /api/moderation-log: the public moderation log (docs/product.md "Moderation by the community"), for every signed-in member. */
export function moderationLogRouter({ db }: { db: Db }): Router {
  const router = Router();
  router.get("/", member, memberHandler(async (req, res) => {
    const { cursor } = moderationLogQuerySchema.parse(req.query);
    res.json(presentModerationLog(await listModerationLog(db, cursor)));
  }));
  return router;
}
