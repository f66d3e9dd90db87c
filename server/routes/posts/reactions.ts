import { Router, type RequestHandler } from "express";
import { reactionSchema } from "@shared/schemas/reactions";
import { addReaction, removeReaction } from "../../commands/reactions";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { member, memberHandler, writer } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentReactions, presentReactors } from "../../presenters/reaction";
import { findReactionTarget, listReactors, type ReactionTargetKind } from "../../queries/reactions";
import { parseId } from "../params";
import { readablePostOr404, readableTopicOr404 } from "../category-access";

const NOT_FOUND: Record<ReactionTargetKind, string> = { post: "Post not found", topic: "Topic not found" };

/**
 * Reactions to a post, or to a topic's opener (docs/product.md "Reactions", "The opener is a post"):
 * giving one and taking it back (/api/posts/{id}/reactions/{reaction},
 * /api/topics/{id}/reactions/{reaction}, limited per member), and who gave which
 * (/api/posts/{id}/reactions, /api/topics/{id}/reactions). Mounted at /api with its paths spelled out.
 */
export function reactionsRouter({ db, reactionLimit }: { db: Db; reactionLimit: RequestHandler }): Router {
  const router = Router();

  for (const kind of ["post", "topic"] as const) {
    const target = (raw: unknown) => ({ kind, id: parseId(raw, NOT_FOUND[kind]) });
    // A post or opener in a category the member may not read is not found (docs/decisions/063).
    const readable = async (reader: Express.User, id: number) =>
      kind === "post" ? readablePostOr404(db, reader, id, NOT_FOUND[kind]) : readableTopicOr404(db, reader, id, NOT_FOUND[kind]);

    router.put(`/${kind}s/:id/reactions/:reaction`, writer, reactionLimit, noBody, memberHandler(async (req, res) => {
      const reaction = reactionSchema.parse(req.params.reaction);
      const named = target(req.params.id);
      await readable(req.user, named.id);
      res.json({ reactions: presentReactions(await addReaction(db, req.user, named, reaction)) });
    }));

    router.delete(`/${kind}s/:id/reactions/:reaction`, writer, reactionLimit, noBody, memberHandler(async (req, res) => {
      const reaction = reactionSchema.parse(req.params.reaction);
      const named = target(req.params.id);
      await readable(req.user, named.id);
      res.json({ reactions: presentReactions(await removeReaction(db, req.user, named, reaction)) });
    }));

    // As visible as the post or opener itself; one's own reactors are listed too.
    router.get(`/${kind}s/:id/reactions`, member, memberHandler(async (req, res) => {
      const named = target(req.params.id);
      if (!(await findReactionTarget(db, named))) throw notFound(NOT_FOUND[kind]);
      await readable(req.user, named.id);
      res.json(presentReactors(await listReactors(db, named)));
    }));
  }

  return router;
}
