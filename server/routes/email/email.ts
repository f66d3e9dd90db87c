import { Router, type RequestHandler } from "express";
import { forgotPasswordSchema, INVALID_MAILED_LINK, resetPasswordSchema, verifyEmailSchema } from "@shared/schemas/email";
import { hashPassword } from "../../auth/password";
import { verifyEmail } from "../../commands/email-verification";
import { requestPasswordReset, resetPassword } from "../../commands/password-reset";
import { unsubscribeFromMail } from "../../commands/mail-schedule";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { badRequest, conflict } from "../../errors";
import { hashMailedToken, newMailedToken } from "../../commands/mailed-token";
import type { Mailer } from "../../mail/mailer";
import { mailSite, passwordResetMail } from "../../mail/templates";
import type { UnsubscribeTokens } from "../../mail/unsubscribe-token";
import { mailVerificationLink } from "../../mail/verification";
import { member, memberHandler } from "../../middlewares/guards";
import { bodyHandler, noBody } from "../../middlewares/validate";
import { findOwnAccount } from "../../queries/users";

/**
 * What mail does for an account (docs/product.md "Email"): verifying an address, resetting a forgotten
 * password, and the one-click unsubscribe of notification mails. Mounted at /api with its paths
 * spelled out: the first ones sit under /auth.
 */
export function emailRouter({
  db,
  config,
  mailer,
  unsubscribeTokens,
  limits,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
  unsubscribeTokens: UnsubscribeTokens;
  limits: { forgotPassword: RequestHandler; verificationMails: RequestHandler; login: RequestHandler };
}): Router {
  const router = Router();

  // Open: the link may be followed in a browser that is not signed in; the token is the proof.
  router.post("/auth/verify-email", bodyHandler(verifyEmailSchema, async (req, res) => {
    if (!(await verifyEmail(db, hashMailedToken(req.body.token)))) throw badRequest(INVALID_MAILED_LINK);
    res.status(204).end();
  }));

  router.post("/auth/verify-email/resend", member, limits.verificationMails, noBody, memberHandler(async (req, res) => {
    const account = await findOwnAccount(db, req.user.id);
    if (!account?.email) throw badRequest("Add an email address first");
    if (account.emailVerified) throw conflict("Your email address is already verified");
    await mailVerificationLink(db, mailer, mailSite(config), { id: account.id, username: account.username, email: account.email });
    res.status(204).end();
  }));

  // Always 204, after the same work whoever `login` names; the mail is sent from the outbox.
  router.post("/auth/forgot-password", limits.forgotPassword, bodyHandler(forgotPasswordSchema, async (req, res) => {
    const { token, tokenHash } = newMailedToken();
    await requestPasswordReset(db, mailer, req.body.login, tokenHash, (recipient) => ({ to: recipient.email, recipientId: recipient.id, ...passwordResetMail(mailSite(config), recipient.username, token) }));
    res.status(204).end();
  }));

  // Each attempt costs a bcrypt hash: limited like a sign-in.
  router.post("/auth/reset-password", limits.login, bodyHandler(resetPasswordSchema, async (req, res) => {
    const passwordHash = await hashPassword(req.body.password, config.BCRYPT_COST);
    if (!(await resetPassword(db, hashMailedToken(req.body.token), passwordHash))) throw badRequest(INVALID_MAILED_LINK);
    res.status(204).end();
  }));

  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` to the link, without a session; the
  // signed token in the URL names the member. The body is not read.
  router.post("/email/unsubscribe", async (req, res) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    const userId = unsubscribeTokens.memberOf(token);
    if (userId === undefined || !(await unsubscribeFromMail(db, userId))) throw badRequest(INVALID_MAILED_LINK);
    res.status(204).end();
  });

  return router;
}
