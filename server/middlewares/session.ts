import type { RequestHandler } from "express";
import session from "express-session";
import type pg from "pg";
import type { Db } from "../db/client";
import type { SessionCache } from "../identity/session-cache";
import { PgSessionStore, SESSION_IDLE_MS, SESSION_REFRESH_MS } from "../auth/session-store";
import { recordDevice } from "../auth/session-device";

export const SESSION_COOKIE = "sid";

/**
 * Sessions in PostgreSQL (`sessions` table), 30 days rolling, 180 days at most; see docs/product.md
 * "Accounts and sessions". `middleware` is the bare session (also run on WebSocket upgrades); `keepAlive` goes
 * after it on HTTP requests.
 */
export function createSessionMiddleware({ pool, db, secret, cache, now = () => Date.now() }: { pool: pg.Pool; db: Db; secret: string; cache: SessionCache; now?: () => number }) {
  const store = new PgSessionStore(pool, db, cache, now);
  const middleware = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    // Not `rolling`: that would re-sign the cookie and write the expiry on every request.
    rolling: false,
    // "auto": Secure exactly when the request came over https (through a trusted proxy when TRUST_PROXY is set).
    cookie: { httpOnly: true, sameSite: "lax", secure: "auto", maxAge: SESSION_IDLE_MS },
  });

  /**
   * Once an hour at most, a used session is marked changed: the session middleware then saves it
   * (one write: expiry = now + 30 days, capped by the store) and sends the cookie with the new expiry.
   * The same write records when and from where it was last seen (GET /api/auth/sessions).
   */
  const keepAlive: RequestHandler = (req, _res, next) => {
    const data = req.session as (typeof req.session & { passport?: { user?: number } }) | undefined;
    const current = now();
    if (data?.passport?.user !== undefined && current - (data.refreshedAt ?? 0) >= SESSION_REFRESH_MS) {
      data.refreshedAt = current;
      recordDevice(req);
    }
    next();
  };
  return { middleware, keepAlive };
}
