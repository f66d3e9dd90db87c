import { Router, type RequestHandler } from "express";
import { disableTwoFactorSchema, enableTwoFactorSchema, twoFactorCodeSchema } from "@shared/schemas/account-security";
import type { RecoveryCodesResponse, TwoFactorSetup, TwoFactorStatus } from "@shared/types";
import { isCurrentPassword } from "../../auth/credentials";
import { newRecoveryCodes, newTotpSecret, totpEnrollment, totpStepOf, type TwoFactorSecrets } from "../../auth/two-factor";
import { disableTwoFactor, enableTwoFactor, isRightSecondFactor, storeTwoFactorSecret } from "../../commands/two-factor";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { badRequest, conflict, notFound } from "../../errors";
import { confirmed } from "../../middlewares/fresh-confirmation";
import { member, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { findTwoFactor } from "../../queries/two-factor";

const INVALID_CODE = "Invalid code";
const invalid = (path: "code" | "password", message: string) => badRequest(message, { errors: [{ path, message }] });

/**
 * /api/auth/2fa: turning two-factor sign-in (TOTP) on and off, each step after a fresh confirmation. Setup stores a new secret that is in
 * force only once a code from it enables it; enabling answers the recovery codes this once.
 */
export function twoFactorRouter({ db, config, secrets, loginLimit }: { db: Db; config: Config; secrets: TwoFactorSecrets; loginLimit: RequestHandler }): Router {
  const router = Router();

  const stateOf = async (userId: number) => {
    const state = await findTwoFactor(db, userId);
    if (!state) throw notFound("User not found");
    return state;
  };

  router.get("/", member, memberHandler(async (req, res) => {
    const { enabled, recoveryCodesLeft } = await stateOf(req.user.id);
    const body: TwoFactorStatus = { enabled, recoveryCodesLeft: enabled ? recoveryCodesLeft : 0 };
    res.json(body);
  }));

  router.post("/setup", member, confirmed, noBody, memberHandler(async (req, res) => {
    const secret = newTotpSecret();
    await storeTwoFactorSecret(db, req.user.id, secrets.encrypt(secret));
    const { otpauthUrl, qrDataUrl } = await totpEnrollment(secret, { issuer: config.SITE_NAME, account: req.user.username });
    const body: TwoFactorSetup = { secret, otpauthUrl, qrDataUrl };
    res.json(body);
  }));

  // Guessing codes here is as limited as guessing passwords at login.
  router.post("/enable", member, confirmed, loginLimit, memberHandler(enableTwoFactorSchema, async (req, res) => {
    const state = await stateOf(req.user.id);
    if (state.enabled) throw conflict("Two-factor authentication is already enabled");
    const secret = state.sealedSecret === null ? null : secrets.decrypt(state.sealedSecret);
    if (state.sealedSecret === null || secret === null) throw conflict("Set up two-factor authentication first");
    const step = await totpStepOf(secret, req.body.code, state.lastStep);
    const recoveryCodes = newRecoveryCodes();
    const recoveryHashes = recoveryCodes.map((code) => secrets.hashRecoveryCode(code));
    if (step === null || !(await enableTwoFactor(db, req.user.id, { step, sealedSecret: state.sealedSecret, recoveryHashes }))) {
      throw invalid("code", INVALID_CODE);
    }
    const body: RecoveryCodesResponse = { recoveryCodes };
    res.json(body);
  }));

  // A fresh confirmation, the password and a second factor: a stolen session alone cannot turn it off.
  router.post("/disable", member, confirmed, loginLimit, memberHandler(disableTwoFactorSchema, async (req, res) => {
    const { password, code } = req.body;
    if (!(await stateOf(req.user.id)).enabled) throw conflict("Two-factor authentication is not enabled");
    if (!(await isCurrentPassword(db, req.user.id, password))) throw invalid("password", "Password is incorrect");
    const appCode = twoFactorCodeSchema.safeParse(code);
    const factor = appCode.success ? { code: appCode.data } : { recoveryCode: code };
    if (!(await isRightSecondFactor(db, secrets, req.user.id, factor))) throw invalid("code", INVALID_CODE);
    await disableTwoFactor(db, req.user.id);
    res.json({ message: "Two-factor authentication disabled" });
  }));

  return router;
}
