import { Router } from "express";
import { addPasskeySchema, PASSKEY_CHALLENGE_EXPIRED, PASSKEY_NOT_FOUND, PASSKEY_NOT_VERIFIED, PASSKEYS_PER_MEMBER, TOO_MANY_PASSKEYS } from "@shared/schemas/passkeys";
import type { PasskeysResponse } from "@shared/types";
import { creationOptions, relyingParty, takeChallenge, verifyNewPasskey } from "../../auth/passkeys";
import { addPasskey, removePasskey } from "../../commands/passkeys";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { badRequest, notFound } from "../../errors";
import { confirmed } from "../../middlewares/fresh-confirmation";
import { member, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentCreationOptions, presentPasskey } from "../../presenters/passkey";
import { listPasskeys, ownCredentials } from "../../queries/passkeys";
import { parseId } from "../params";

/**
 * /api/auth/passkeys: the member's passkeys (docs/product.md "Passkeys"). Adding one is a new way
 * into the account, and removing one changes how it is guarded: both after a fresh confirmation.
 */
export function passkeysRouter({ db, config }: { db: Db; config: Config }): Router {
  const router = Router();

  router.get("/", member, memberHandler(async (req, res) => {
    const body: PasskeysResponse = { passkeys: (await listPasskeys(db, req.user.id)).map(presentPasskey) };
    res.json(body);
  }));

  // Refused at once when the member holds the most already, rather than after the browser's ceremony.
  router.post("/options", member, confirmed, noBody, memberHandler(async (req, res) => {
    const own = await ownCredentials(db, req.user.id);
    if (own.length >= PASSKEYS_PER_MEMBER) throw badRequest(TOO_MANY_PASSKEYS);
    res.json(presentCreationOptions(await creationOptions(req, relyingParty(config, req), req.user, own)));
  }));

  router.post("/", member, confirmed, memberHandler(addPasskeySchema, async (req, res) => {
    const { name, response } = req.body;
    const challenge = await takeChallenge(db, req, "registration", Date.now());
    if (challenge === undefined) throw badRequest(PASSKEY_CHALLENGE_EXPIRED);
    const passkey = await verifyNewPasskey(relyingParty(config, req), challenge, response);
    if (!passkey) throw badRequest(PASSKEY_NOT_VERIFIED);
    res.status(201).json(presentPasskey(await addPasskey(db, req.user.id, { name, ...passkey })));
  }));

  // Another member's passkey is as unknown as one that never was.
  router.delete("/:id", member, confirmed, noBody, memberHandler(async (req, res) => {
    const id = parseId(req.params.id, PASSKEY_NOT_FOUND);
    if (!(await removePasskey(db, req.user.id, id))) throw notFound(PASSKEY_NOT_FOUND);
    res.status(204).end();
  }));

  return router;
}
