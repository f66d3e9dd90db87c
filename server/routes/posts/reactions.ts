import { Router, type RequestHandler } from "express";
import { reactionSchema } from "@shared/schemas/reactions";
import { addReaction, removeReaction } from "../../commands/reactions";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { member, memberHandler, writer } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentReactions, presentReactors } from "../../presenters/reaction";
import { findVisiblePost, listReactors } from "../../queries/reactions";
import { parseId } from "../params";

const POST_NOT_FOUND = "Post not found";

/**
 * Reactions to a post (docs/product.md "Reactions"): giving one and taking it back
 * (/api/posts/{id}/reactions/{reaction}, limited per member), and who gave which
 * (/api/posts/{id}/reactions). Mounted at /api with its paths spelled out.
 */
export function reactionsRouter({ db, reactionLimit }: { db: Db; reactionLimit: RequestHandler }): Router {
  const router = Router();
  const postId = (raw: unknown) => parseId(raw, POST_NOT_FOUND);

  router.put("/posts/:id/reactions/:reaction", writer, reactionLimit, noBody, memberHandler(async (req, res) => {
    const reaction = reactionSchema.parse(req.params.reaction);
    res.json({ reactions: presentReactions(await addReaction(db, req.user, postId(req.params.id), reaction)) });
  }));

  router.delete("/posts/:id/reactions/:reaction", writer, reactionLimit, noBody, memberHandler(async (req, res) => {
    const reaction = reactionSchema.parse(req.params.reaction);
    res.json({ reactions: presentReactions(await removeReaction(db, req.user, postId(req.params.id), reaction)) });
  }));

  // As visible as the post itself; one's own post's reactors are listed too.
  router.get("/posts/:id/reactions", member, memberHandler(async (req, res) => {
    const id = postId(req.params.id);
    if (!(await findVisiblePost(db, id))) throw notFound(POST_NOT_FOUND);
    res.json(presentReactors(await listReactors(db, id)));
  }));

  return router;
}
