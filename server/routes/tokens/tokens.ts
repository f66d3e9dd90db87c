import { Router } from "express";
import { createAccessTokenSchema, type AccessTokensResponse } from "@shared/schemas/access-tokens";
import { createAccessToken, revokeAccessToken } from "../../commands/access-tokens";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { confirmed } from "../../middlewares/fresh-confirmation";
import { member, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentAccessToken, presentCreatedAccessToken } from "../../presenters/access-token";
import { listAccessTokens } from "../../queries/access-tokens";
import { parseId } from "../params";

const TOKEN_NOT_FOUND = "Token not found";

/** /api/tokens: the member's personal access tokens (docs/product.md "Accounts and sessions"); a token never reaches these. */
export function accessTokensRouter({ db }: { db: Db }): Router {
  const router = Router();

  router.get("/", member, memberHandler(async (req, res) => {
    const body: AccessTokensResponse = { tokens: (await listAccessTokens(db, req.user.id)).map(presentAccessToken) };
    res.json(body);
  }));

  // A new way into the account: after a fresh confirmation. Revoking one takes none.
  router.post("/", member, confirmed, memberHandler(createAccessTokenSchema, async (req, res) => {
    const { row, token } = await createAccessToken(db, req.user.id, req.body);
    res.status(201).json(presentCreatedAccessToken(row, token));
  }));

  // Another member's token is as unknown as one that never was.
  router.delete("/:id", member, noBody, memberHandler(async (req, res) => {
    const id = parseId(req.params.id, TOKEN_NOT_FOUND);
    if (!(await revokeAccessToken(db, req.user.id, id))) throw notFound(TOKEN_NOT_FOUND);
    res.status(204).end();
  }));

  return router;
}
