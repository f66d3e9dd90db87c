import { Router, type NextFunction, type Request, type Response } from "express";
import type { createPassport } from "../../auth/passport";
import { loginSchema, registerSchema } from "@shared/schemas/auth";
import { hashPassword } from "../../auth/password";
import type { SessionUser } from "../../auth/session-user";
import { registerWithInvite } from "../../commands/register-with-invite";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { notFound, unauthorized } from "../../errors";
import { memberHandler, signedIn } from "../../middlewares/guards";
import type { AbuseLimits } from "../../middlewares/abuse-limits";
import { SESSION_COOKIE } from "../../middlewares/session";
import { bodyHandler, noBody } from "../../middlewares/validate";
import { disconnectSessions } from "../../presence/control";
import { presentCurrentUser } from "../../presenters/current-user";
import { findUsername } from "../../queries/find-username";
import { findOwnAccount } from "../../queries/users";

/** /api/auth: registration with an invite, sign-in, sign-out and the current user. */
export function authRouter({
  db,
  config,
  passport,
  limits,
}: {
  db: Db;
  config: Config;
  passport: ReturnType<typeof createPassport>;
  limits: Pick<AbuseLimits, "login" | "register">;
}): Router {
  const router = Router();

  const presentAndSend = async (res: Response, status: number, user: SessionUser) => {
    res.status(status).json(presentCurrentUser(user, await findUsername(db, user.invitedBy)));
  };

  /** Passport's login regenerates the session id, so a session fixed before sign-in is worthless. */
  const signIn = (req: Request, user: SessionUser) =>
    new Promise<void>((resolve, reject) => req.login(user, (error) => (error ? reject(error) : resolve())));

  router.post(
    "/register",
    limits.register,
    bodyHandler(registerSchema, async (req, res) => {
      const body = req.body;
      const passwordHash = await hashPassword(body.password, config.BCRYPT_COST);
      const user = await registerWithInvite(db, { username: body.username, passwordHash, inviteCode: body.inviteCode });
      await signIn(req, user);
      await presentAndSend(res, 201, user);
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
          await signIn(req, user);
          await presentAndSend(res, 200, user);
        } catch (caught) {
          next(caught);
        }
      })(req, res, next);
    }),
  );

  router.post("/logout", noBody, (req, res, next) => {
    const endedSession = req.user ? req.sessionID : undefined;
    // logout() regenerates the session (dropping the old id from the store); then the new one goes too.
    req.logout((logoutError) => {
      if (logoutError) return next(logoutError);
      req.session.destroy((destroyError) => {
        if (destroyError) return next(destroyError);
        res.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax" });
        // Its /ws connections close too, on whichever process holds them (a lost notice is caught by
        // the periodic session re-check of server/ws/presence-hub.ts).
        const closeSockets = endedSession ? disconnectSessions(db, [endedSession]).catch(() => {}) : Promise.resolve();
        void closeSockets.then(() => res.json({ message: "Logged out" }));
      });
    });
  });

  router.get("/user", signedIn, memberHandler(async (req, res) => {
    const account = await findOwnAccount(db, req.user.id);
    if (!account) throw notFound("User not found");
    await presentAndSend(res, 200, account);
  }));

  return router;
}
