import { Router, type RequestHandler } from "express";
import { changePasswordSchema, profileUpdateSchema } from "@shared/schemas/auth";
import { isBannedNow } from "@shared/policies/banned-now";
import { isCurrentPassword } from "../../auth/credentials";
import { hashPassword } from "../../auth/password";
import { changePassword } from "../../commands/change-password";
import { updateProfile } from "../../commands/update-profile";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { badRequest } from "../../errors";
import { member, memberHandler, signedIn } from "../../middlewares/guards";
import { presentBanInfo } from "../../presenters/ban-state";
import { presentCurrentUser } from "../../presenters/current-user";
import { findUsername } from "../../queries/find-username";
import type { Mailer } from "../../mail/mailer";
import { mailVerificationLink } from "../../mail/verification";
import { mailSite } from "../../mail/templates";

/**
 * The signed-in member's own account: profile, password and ban. Mounted at /api with its paths
 * spelled out, since the account's URLs sit under /auth and /user.
 */
export function accountRouter({ db, config, loginLimit, mailer }: { db: Db; config: Config; loginLimit: RequestHandler; mailer: Mailer }): Router {
  const router = Router();

  router.patch("/auth/profile", member, memberHandler(profileUpdateSchema, async (req, res) => {
    const { user, emailChanged } = await updateProfile(db, req.user.id, req.body);
    // A new address gets its verification link (the address is unverified until it is followed).
    if (emailChanged && user.email) await mailVerificationLink(db, mailer, mailSite(config), { id: user.id, username: user.username, email: user.email });
    res.json(presentCurrentUser(user, await findUsername(db, user.invitedBy)));
  }));

  // Guessing the current password here is as limited as guessing it at login.
  router.patch("/auth/change-password", member, loginLimit, memberHandler(changePasswordSchema, async (req, res) => {
    const { currentPassword, newPassword } = req.body;
    if (!(await isCurrentPassword(db, req.user.id, currentPassword))) {
      throw badRequest("Current password is incorrect", { errors: [{ path: "currentPassword", message: "Current password is incorrect" }] });
    }
    const password = await hashPassword(newPassword, config.BCRYPT_COST);
    await changePassword(db, req.user.id, password, req.sessionID);
    // This session gets a new id too (Passport's login regenerates it): an id seen before the change is worthless.
    // It keeps what it held, its sign-in time with it: the 180 days since sign-in do not start again.
    await new Promise<void>((resolve, reject) => req.login(req.user, { session: true, keepSessionInfo: true }, (error) => (error ? reject(error) : resolve())));
    res.json({ message: "Password changed" });
  }));

  // Open to banned members: the banned screen shows why, until when, and by whom.
  router.get("/user/ban-info", signedIn, memberHandler(async (req, res) => {
    const user = req.user;
    res.json(presentBanInfo(user, isBannedNow(user) ? await findUsername(db, user.bannedBy) : null));
  }));

  return router;
}
