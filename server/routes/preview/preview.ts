import { Router, type RequestHandler } from "express";
import { previewSchema } from "@shared/schemas/preview";
import type { Preview } from "@shared/types";
import type { Db } from "../../db/client";
import { renderAsAuthor } from "../../markdown/render-as-author";
import { member, memberHandler } from "../../middlewares/guards";

/**
 * POST /api/preview: a composer's Write/Preview tab. Rendered as the caller, exactly as a post of
 * theirs would be stored. It costs a render and two indexed lookups, like a search, so it counts
 * under the per-member search limit.
 */
export function previewRouter({ db, previewLimit }: { db: Db; previewLimit: RequestHandler }): Router {
  const router = Router();
  router.post("/", member, previewLimit, memberHandler(previewSchema, async (req, res) => {
    const { html } = await renderAsAuthor(db, req.user.id, req.body.content);
    res.json({ html } satisfies Preview);
  }));
  return router;
}
