import { Router } from "express";
import { REVIEW_PAGE_SIZE } from "@shared/flags";
import { MAX_DB_INTEGER } from "@shared/schemas/fields";
import { flagSchema, reviewDecisionSchema, reviewQuerySchema } from "@shared/schemas/flags";
import type { ReviewCount } from "@shared/types";
import { decideReview, raiseFlag, REVIEW_NOT_FOUND } from "../../commands/flags";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { memberHandler, moderator, writer } from "../../middlewares/guards";
import { authorize } from "../../policies/authorize";
import { flagRefusal } from "../../policies/flags";
import { presentReviewPage } from "../../presenters/review";
import { countPendingReviews, findFlagTarget, listReviewItems } from "../../queries/flags";
import { parseId } from "../params";
import { readablePostOr404, readableTopicOr404 } from "../category-access";

const TARGET_NOT_FOUND = "Not found";

/** A post, comment or message is named by its id (a number, or its digits); a card by its owner's username. */
function targetKey(targetType: string, targetId: number | string): number | string | undefined {
  if (targetType === "card") return String(targetId);
  if (typeof targetId === "number") return targetId;
  return /^[1-9]\d{0,9}$/.test(targetId) && Number(targetId) <= MAX_DB_INTEGER ? Number(targetId) : undefined;
}

/** POST /api/flags (docs/product.md "Moderation by the community"): any member who may write, on what they can see and is not theirs. */
export function flagsRouter({ db, flagsToHide }: { db: Db; flagsToHide: number }): Router {
  const router = Router();

  router.post("/", writer, memberHandler(flagSchema, async (req, res) => {
    const { targetType, targetId, reason, note } = req.body;
    const key = targetKey(targetType, targetId);
    const target = key === undefined ? undefined : await findFlagTarget(db, req.user.id, targetType, key);
    if (!target) throw notFound(TARGET_NOT_FOUND);
    // A post or opener in a category the member may not read is not found (docs/decisions/063).
    if (targetType === "post") await readablePostOr404(db, req.user, Number(key), TARGET_NOT_FOUND);
    if (targetType === "topic") await readableTopicOr404(db, req.user, Number(key), TARGET_NOT_FOUND);
    const refusal = flagRefusal(req.user, target);
    authorize(refusal === null, refusal ?? undefined);
    const flag = await raiseFlag(db, req.user, target, { reason, note }, flagsToHide);
    res.status(201).json({ id: flag.id, reviewItemId: flag.reviewItemId });
  }));

  return router;
}

/** /api/review (docs/product.md "Moderation by the community"): staff only, through the `moderator` guard (access tokens refused). */
export function reviewRouter({ db }: { db: Db }): Router {
  const router = Router();

  router.get("/", moderator, memberHandler(async (req, res) => {
    const { status, cursor } = reviewQuerySchema.parse(req.query);
    const after = cursor === undefined ? undefined : Number(cursor);
    const [rows, pendingCount] = await Promise.all([listReviewItems(db, status, after), countPendingReviews(db)]);
    res.json(presentReviewPage(rows, REVIEW_PAGE_SIZE, pendingCount));
  }));

  router.get("/count", moderator, memberHandler(async (_req, res) => {
    res.json({ pendingCount: await countPendingReviews(db) } satisfies ReviewCount);
  }));

  router.post("/:id", moderator, memberHandler(reviewDecisionSchema, async (req, res) => {
    const id = parseId(req.params.id, REVIEW_NOT_FOUND);
    await decideReview(db, req.user, id, req.body);
    res.json({ pendingCount: await countPendingReviews(db) } satisfies ReviewCount);
  }));

  return router;
}
