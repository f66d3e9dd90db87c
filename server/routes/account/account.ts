import { eq } from "drizzle-orm";
import { Router, type RequestHandler } from "express";
import { changePasswordSchema, profileUpdateSchema, type ChangePasswordData, type ProfileUpdateData } from "@shared/schemas/auth";
import { hashPassword, verifyPassword } from "../../auth/password";
import { endSessionsOf } from "../../commands/end-sessions";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { badRequest } from "../../errors";
import { member } from "../../middlewares/guards";
import { validateBody } from "../../middlewares/validate";
import { presentCurrentUser } from "../../presenters/current-user";
import { findUsername } from "../../queries/find-username";
import { assertOwnUpload } from "../../uploads/ownership";

/** /api/auth/profile and /api/auth/change-password: the signed-in member's own account. */
export function accountRouter({ db, config, loginLimit }: { db: Db; config: Config; loginLimit: RequestHandler }): Router {
  const router = Router();

  router.patch("/profile", member, validateBody(profileUpdateSchema), async (req, res) => {
    const changes = req.body as ProfileUpdateData;
    await assertOwnUpload(db, req.user!.id, changes.avatar, "avatar");
    // "" clears a field.
    const values = Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, value === "" ? null : value]));
    const [user] = Object.keys(values).length
      ? await db.update(users).set(values).where(eq(users.id, req.user!.id)).returning()
      : [req.user!];
    res.json(presentCurrentUser(user!, await findUsername(db, user!.invitedBy)));
  });

  // Guessing the current password here is as limited as guessing it at login.
  router.patch("/change-password", member, loginLimit, validateBody(changePasswordSchema), async (req, res) => {
    const { currentPassword, newPassword } = req.body as ChangePasswordData;
    if (!(await verifyPassword(currentPassword, req.user!.password))) {
      throw badRequest("Current password is incorrect", { errors: [{ path: "currentPassword", message: "Current password is incorrect" }] });
    }
    const password = await hashPassword(newPassword, config.BCRYPT_COST);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ password }).where(eq(users.id, req.user!.id));
      // Every other device is signed out; this one stays.
      await endSessionsOf(tx, req.user!.id, { except: req.sessionID });
    });
    // This session gets a new id too (Passport's login regenerates it): an id seen before the change is worthless.
    await new Promise<void>((resolve, reject) => req.login(req.user!, (error) => (error ? reject(error) : resolve())));
    res.json({ message: "Password changed" });
  });

  return router;
}
