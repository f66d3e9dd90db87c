import { Router, type Request, type RequestHandler } from "express";
import { changePasswordSchema, profileUpdateSchema } from "@shared/schemas/auth";
import { isBannedNow } from "@shared/policies/banned-now";
import { changesEmail } from "@shared/policies/fresh-confirmation";
import { liveConfirmation } from "../../auth/confirmation";
import { isCurrentPassword } from "../../auth/credentials";
import { hashPassword } from "../../auth/password";
import { changePassword } from "../../commands/change-password";
import { updateProfile } from "../../commands/update-profile";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { badRequest } from "../../errors";
import { confirmed, confirmedWhen } from "../../middlewares/fresh-confirmation";
import { member, memberHandler, signedIn, signedInMember } from "../../middlewares/guards";
import { presentBanInfo } from "../../presenters/ban-state";
import { presentCurrentUser } from "../../presenters/current-user";
import { findUsername } from "../../queries/find-username";
import { findOwnAccount } from "../../queries/users";
import type { Mailer } from "../../mail/mailer";
import { mailVerificationLink } from "../../mail/verification";
import { emailChangedMail, mailSite } from "../../mail/templates";

/**
 * The signed-in member's own account: profile, password and ban. Mounted at /api with its paths
 * spelled out, since the account's URLs sit under /auth and /user.
 */
export function accountRouter({ db, config, loginLimit, mailer }: { db: Db; config: Config; loginLimit: RequestHandler; mailer: Mailer }): Router {
  const router = Router();

  /** Setting or changing the address needs a fresh confirmation; a body that is no valid change is the handler's 400. */
  const setsEmail = async (req: Request) => {
    const requested = profileUpdateSchema.safeParse(req.body);
    if (!requested.success || requested.data.email === undefined) return false;
    return changesEmail((await findOwnAccount(db, signedInMember(req).id))?.email ?? null, requested.data.email);
  };

  router.patch("/auth/profile", member, confirmedWhen(setsEmail), memberHandler(profileUpdateSchema, async (req, res) => {
    const site = mailSite(config);
    const { user, emailChanged } = await updateProfile(db, req.user.id, req.body, { mailer, notice: (change) => emailChangedMail(site, change) });
    // A new address gets its verification link (the address is unverified until it is followed).
    if (emailChanged && user.email) await mailVerificationLink(db, mailer, site, { id: user.id, username: user.username, email: user.email });
    res.json(presentCurrentUser(user, await findUsername(db, user.invitedBy), liveConfirmation(req, Date.now())));
  }));

  // Guessing the current password here is as limited as guessing it at login; a fresh confirmation comes first.
  router.patch("/auth/change-password", member, confirmed, loginLimit, memberHandler(changePasswordSchema, async (req, res) => {
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
