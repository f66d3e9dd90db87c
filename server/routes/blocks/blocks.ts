import { Router } from "express";
import { USERNAME_PATTERN } from "@shared/constants";
import { blockMember, unblockMember } from "../../commands/blocks";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { member, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentBlocks } from "../../presenters/conversation";
import { listBlocks } from "../../queries/blocks";

/** A path name that cannot be a username names nobody. */
function usernameParam(raw: unknown): string {
  if (typeof raw !== "string" || !USERNAME_PATTERN.test(raw)) throw notFound("User not found");
  return raw;
}

/** /api/blocks: the members the caller blocked (docs/product.md "Private messages and blocking", blocking). */
export function blocksRouter({ db }: { db: Db }): Router {
  const router = Router();

  router.get("/", member, memberHandler(async (req, res) => {
    res.json(presentBlocks(await listBlocks(db, req.user.id)));
  }));

  router.put("/:username", member, noBody, memberHandler(async (req, res) => {
    await blockMember(db, req.user, usernameParam(req.params.username));
    res.status(204).end();
  }));

  router.delete("/:username", member, noBody, memberHandler(async (req, res) => {
    await unblockMember(db, req.user, usernameParam(req.params.username));
    res.status(204).end();
  }));

  return router;
}
