import { Router, type NextFunction, type Request, type Response } from "express";
import type { createPassport } from "../../auth/passport";
import { loginSchema, registerSchema } from "@shared/schemas/auth";
import { loginSecondStepSchema, TWO_FACTOR_PENDING_MINUTES } from "@shared/schemas/account-security";
import { confirmIdentitySchema } from "@shared/schemas/confirm-identity";
import { PASSKEY_CHALLENGE_MINUTES, PASSKEY_UNKNOWN, passkeyLoginSchema } from "@shared/schemas/passkeys";
import type { TwoFactorRequired } from "@shared/types";
import { liveConfirmation, openConfirmationWindow } from "../../auth/confirmation";
import { checkConfirmation, checkSecondStep } from "../../auth/credentials";
import { relyingParty, requestOptions } from "../../auth/passkeys";
import { recordDevice } from "../../auth/session-device";
import type { TwoFactorSecrets } from "../../auth/two-factor";
import { isRightSecondFactor } from "../../commands/two-factor";
import { endThisSession } from "./end-this-session";
import { proveWithPasskey } from "../passkeys/passkey-proof";
import { hashPassword } from "../../auth/password";
import type { SessionUser } from "../../auth/session-user";
import { registerWithInvite } from "../../commands/register-with-invite";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { badRequest, notFound, unauthorized } from "../../errors";
import { member, memberHandler, signedIn } from "../../middlewares/guards";
import type { AbuseLimits } from "../../middlewares/abuse-limits";
import { bodyHandler, noBody } from "../../middlewares/validate";
import { presentConfirmation, presentCurrentUser } from "../../presenters/current-user";
import { presentRequestOptions } from "../../presenters/passkey";
import { findUsername } from "../../queries/find-username";
import { findOwnAccount } from "../../queries/users";

const SECOND_STEP_EXPIRED = "Sign-in expired, please sign in again";
const WRONG_PASSWORD = "Password is incorrect";

/**
 * /api/auth: registration with an invite, sign-in (with its second step, or with a passkey),
 * sign-out, the current user, and the fresh confirmation sensitive changes need.
 */
export function authRouter({
  db,
  config,
  passport,
  limits,
  secrets,
}: {
  db: Db;
  config: Config;
  passport: ReturnType<typeof createPassport>;
  limits: Pick<AbuseLimits, "login" | "register">;
  secrets: TwoFactorSecrets;
}): Router {
  const router = Router();

  // A session that signed in just now has no window open: its id (and with it the session) is new.
  const presentAndSend = async (req: Request, res: Response, status: number, user: SessionUser) => {
    res.status(status).json(presentCurrentUser(user, await findUsername(db, user.invitedBy), liveConfirmation(req, Date.now())));
  };

  /**
   * Passport's login regenerates the session id, so a session fixed before sign-in (or one that held
   * a pending second step) is worthless. The device it signed in from is noted for the sessions list.
   */
  const signIn = async (req: Request, user: SessionUser) => {
    await new Promise<void>((resolve, reject) => req.login(user, (error) => (error ? reject(error) : resolve())));
    recordDevice(req);
  };

  /** A right password with two-factor sign-in on: a fresh session holds who is signing in, for 5 minutes, signed in to nothing. */
  const awaitSecondStep = async (req: Request, res: Response, user: SessionUser) => {
    await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
    const windowMs = TWO_FACTOR_PENDING_MINUTES * 60_000;
    req.session.twoFactorPending = { userId: user.id, until: Date.now() + windowMs };
    // The pending session and its cookie end with the window (the signed-in one that follows gets the usual 30 days).
    req.session.cookie.maxAge = windowMs;
    const body: TwoFactorRequired = { twoFactorRequired: true };
    res.json(body);
  };

  router.post(
    "/register",
    limits.register,
    bodyHandler(registerSchema, async (req, res) => {
      const body = req.body;
      const passwordHash = await hashPassword(body.password, config.BCRYPT_COST);
      const user = await registerWithInvite(db, { username: body.username, passwordHash, inviteCode: body.inviteCode });
      await signIn(req, user);
      await presentAndSend(req, res, 201, user);
    }),
  );

  router.post(
    "/login",
    limits.login,
    bodyHandler(loginSchema, (req, res, next: NextFunction) => {
      const { username, password } = req.body;
      req.body = { username, password };
      passport.authenticate("local", { session: false }, async (error: unknown, user: SessionUser | false) => {
        try {
          if (error) throw error;
          if (!user) throw unauthorized("Invalid username or password");
          if (user.twoFactorEnabled) return await awaitSecondStep(req, res, user);
          await signIn(req, user);
          await presentAndSend(req, res, 200, user);
        } catch (caught) {
          next(caught);
        }
      })(req, res, next);
    }),
  );

  router.post("/logout", noBody, async (req, res) => {
    await endThisSession(req, res, db);
    res.json({ message: "Logged out" });
  });

  // The second step: a code from the app or a recovery code, counted by the lockout like a password.
  router.post(
    "/login/2fa",
    limits.login,
    bodyHandler(loginSecondStepSchema, async (req, res) => {
      const pending = req.session.twoFactorPending;
      if (!pending || pending.until <= Date.now()) {
        delete req.session.twoFactorPending;
        throw unauthorized(SECOND_STEP_EXPIRED);
      }
      if (!(await checkSecondStep(db, pending.userId, () => isRightSecondFactor(db, secrets, pending.userId, req.body)))) {
        throw unauthorized("Invalid two-factor code");
      }
      const user = await findOwnAccount(db, pending.userId);
      if (!user) throw unauthorized(SECOND_STEP_EXPIRED);
      await signIn(req, user);
      await presentAndSend(req, res, 200, user);
    }),
  );

  /**
   * Opens this session's window for sensitive changes (docs/product.md "Sensitive changes need a
   * fresh confirmation"), with the password or one of the member's passkeys. Failures count towards
   * the sign-in lockout, as at sign-in.
   */
  router.post("/confirm", member, limits.login, memberHandler(confirmIdentitySchema, async (req, res) => {
    if ("passkey" in req.body) {
      const proof = await proveWithPasskey(db, req, relyingParty(config, req), req.body.passkey, req.user);
      if ("refusal" in proof) throw badRequest(proof.refusal, { errors: [{ path: "passkey", message: proof.refusal }] });
    } else if (!(await checkConfirmation(db, req.user.id, req.body.password))) {
      throw badRequest(WRONG_PASSWORD, { errors: [{ path: "password", message: WRONG_PASSWORD }] });
    }
    res.json(presentConfirmation(openConfirmationWindow(req, Date.now())));
  }));

  /**
   * A passkey sign-in's challenge (docs/product.md "Passkeys"), kept in the session for 5 minutes. A
   * visitor's session holds nothing else, so it and its cookie end with the challenge; a signed-in
   * member's (confirming with a passkey) keeps its own expiry.
   */
  router.post("/passkey/options", limits.login, noBody, async (req, res) => {
    const options = await requestOptions(req, relyingParty(config, req));
    if (!req.user) req.session.cookie.maxAge = PASSKEY_CHALLENGE_MINUTES * 60_000;
    res.json(presentRequestOptions(options));
  });

  // Signed in without password or second step: the passkey is both. Failures count towards the lockout.
  router.post(
    "/passkey/login",
    limits.login,
    bodyHandler(passkeyLoginSchema, async (req, res) => {
      const proof = await proveWithPasskey(db, req, relyingParty(config, req), req.body.response);
      if ("refusal" in proof) throw proof.expired ? badRequest(proof.refusal) : unauthorized(proof.refusal);
      const user = await findOwnAccount(db, proof.userId);
      if (!user) throw unauthorized(PASSKEY_UNKNOWN);
      await signIn(req, user);
      await presentAndSend(req, res, 200, user);
    }),
  );

  router.get("/user", signedIn, memberHandler(async (req, res) => {
    const account = await findOwnAccount(db, req.user.id);
    if (!account) throw notFound("User not found");
    await presentAndSend(req, res, 200, account);
  }));

  return router;
}
