import { eq } from "drizzle-orm";
import { Router, type RequestHandler } from "express";
import { changePasswordSchema, profileUpdateSchema } from "@shared/schemas/auth";
import { isBannedNow } from "@shared/policies/banned-now";
import type { BanInfo } from "@shared/types";
import { isCurrentPassword } from "../../auth/credentials";
import { hashPassword } from "../../auth/password";
import { endSessionsOf } from "../../commands/end-sessions";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { badRequest } from "../../errors";
import { member, memberHandler, signedIn } from "../../middlewares/guards";
import { presentCurrentUser } from "../../presenters/current-user";
import { findUsername } from "../../queries/find-username";
import { findOwnAccount } from "../../queries/users";
import { claimOwnUpload } from "../../uploads/ownership";

/**
 * The signed-in member's own account: profile, password and ban. Mounted at /api with its paths
 * spelled out, since the account's URLs sit under /auth and /user.
 */
export function accountRouter({ db, config, loginLimit }: { db: Db; config: Config; loginLimit: RequestHandler }): Router {
  const router = Router();

  router.patch("/auth/profile", member, memberHandler(profileUpdateSchema, async (req, res) => {
    const changes = req.body;
    await claimOwnUpload(db, req.user.id, changes.avatar, "avatar");
    // "" clears a field.
    const values = Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, value === "" ? null : value]));
    const [user] = Object.keys(values).length
      ? await db.update(users).set(values).where(eq(users.id, req.user.id)).returning()
      : [await findOwnAccount(db, req.user.id)];
    res.json(presentCurrentUser(user!, await findUsername(db, user!.invitedBy)));
  }));

  // Guessing the current password here is as limited as guessing it at login.
  router.patch("/auth/change-password", member, loginLimit, memberHandler(changePasswordSchema, async (req, res) => {
    const { currentPassword, newPassword } = req.body;
    if (!(await isCurrentPassword(db, req.user.id, currentPassword))) {
      throw badRequest("Current password is incorrect", { errors: [{ path: "currentPassword", message: "Current password is incorrect" }] });
    }
    const password = await hashPassword(newPassword, config.BCRYPT_COST);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ password }).where(eq(users.id, req.user.id));
      // Every other device is signed out; this one stays.
      await endSessionsOf(tx, req.user.id, { except: req.sessionID });
    });
    // This session gets a new id too (Passport's login regenerates it): an id seen before the change is worthless.
    // It keeps what it held, its sign-in time with it: the 180 days since sign-in do not start again.
    await new Promise<void>((resolve, reject) => req.login(req.user, { session: true, keepSessionInfo: true }, (error) => (error ? reject(error) : resolve())));
    res.json({ message: "Password changed" });
  }));

  // Open to banned members: the banned screen shows why, until when, and by whom.
  router.get("/user/ban-info", signedIn, memberHandler(async (req, res) => {
    const user = req.user;
    const banned = isBannedNow(user);
    const info: BanInfo = {
      isBanned: banned,
      banReason: banned ? user.banReason : null,
      banExpiresAt: banned ? (user.banExpiresAt?.toISOString() ?? null) : null,
      bannedByUsername: banned ? await findUsername(db, user.bannedBy) : null,
    };
    res.json(info);
  }));

  return router;
}
