import { Router, type RequestHandler } from "express";
import { DRAFT_TOPIC_ONLY_NEW_TOPIC, draftKeys, draftSchema, isDraftKey } from "@shared/schemas/drafts";
import { discardDraft, saveDraft } from "../../commands/drafts";
import type { Db } from "../../db/client";
import { badRequest } from "../../errors";
import { member, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentDraft } from "../../presenters/draft";
import { findDraft } from "../../queries/drafts";

/** A key outside the four forms names no composer: a 400, not a missing draft. */
function draftKey(raw: unknown): string {
  const key = String(raw);
  if (!isDraftKey(key)) throw badRequest("Unknown draft key: use new-topic, topic-{id}, comment-{username} or conversation-{id}");
  return key;
}

/** /api/drafts/{key}: the signed-in member's own unsent texts (docs/product.md "Forum"); nobody else's are reachable. */
export function draftsRouter({ db, draftLimit }: { db: Db; draftLimit: RequestHandler }): Router {
  const router = Router();

  // No draft is no error (docs/product.md "Forum"): every composer asks on opening, and most have none.
  router.get("/:key", member, memberHandler(async (req, res) => {
    const draft = await findDraft(db, req.user.id, draftKey(req.params.key));
    if (!draft) {
      res.status(204).end();
      return;
    }
    res.json(presentDraft(draft));
  }));

  router.put("/:key", member, draftLimit, memberHandler(draftSchema, async (req, res) => {
    const key = draftKey(req.params.key);
    if (req.body.topic && key !== draftKeys.newTopic()) throw badRequest(DRAFT_TOPIC_ONLY_NEW_TOPIC);
    await saveDraft(db, req.user.id, key, req.body);
    res.status(204).end();
  }));

  router.delete("/:key", member, draftLimit, noBody, memberHandler(async (req, res) => {
    await discardDraft(db, req.user.id, draftKey(req.params.key));
    res.status(204).end();
  }));

  return router;
}
