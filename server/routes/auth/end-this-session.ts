import type { Request, Response } from "express";
import type { Db } from "../../db/client";
import { SESSION_COOKIE } from "../../middlewares/session";
import { disconnectSessions } from "../../presence/control";

/**
 * Signs this request's browser out: the session row goes (logout() regenerates the session, dropping
 * the old id from the store; then the new one goes too), the cookie is cleared, and its /ws
 * connections close on whichever process holds them (a lost notice is caught by the periodic
 * session re-check of server/ws/presence-hub.ts).
 */
export function endThisSession(req: Request, res: Response, db: Db): Promise<void> {
  const endedSession = req.user ? req.sessionID : undefined;
  return new Promise((resolve, reject) => {
    req.logout((logoutError) => {
      if (logoutError) return reject(logoutError);
      req.session.destroy((destroyError) => {
        if (destroyError) return reject(destroyError);
        res.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax" });
        const closeSockets = endedSession ? disconnectSessions(db, [endedSession]).catch(() => {}) : Promise.resolve();
        void closeSockets.then(() => resolve());
      });
    });
  });
}
