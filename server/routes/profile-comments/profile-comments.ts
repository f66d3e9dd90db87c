import { Router } from "express";
import { deleteProfileComment } from "../../commands/profile-comments";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { member } from "../../middlewares/guards";
import { authorize } from "../../policies/authorize";
import { canDeleteProfileComment } from "../../policies/profile-comment";
import { findProfileComment } from "../../queries/profile-comments";
import { parseId } from "../params";

const COMMENT_NOT_FOUND = "Comment not found";

/** /api/profile-comments/{id}: removing a comment (its author, the profile's owner, or an admin). */
export function profileCommentsRouter({ db }: { db: Db }): Router {
  const router = Router();

  router.delete("/:id", member, async (req, res) => {
    const comment = await findProfileComment(db, parseId(req.params.id, COMMENT_NOT_FOUND));
    if (!comment) throw notFound(COMMENT_NOT_FOUND);
    authorize(canDeleteProfileComment(req.user!, comment), "You cannot delete this comment");
    await deleteProfileComment(db, comment.id);
    res.json({ message: "Comment deleted" });
  });

  return router;
}
