import connectPgSimple from "connect-pg-simple";
import session from "express-session";
import type pg from "pg";

export const SESSION_COOKIE = "sid";
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** Sessions in PostgreSQL (`sessions` table), 30 days, rolling; see docs/product.md "Accounts and sessions". */
export function createSessionMiddleware({ pool, secret }: { pool: pg.Pool; secret: string }) {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({ pool, tableName: "sessions", createTableIfMissing: false });
  const middleware = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    // "auto": Secure exactly when the request came over https (through a trusted proxy when TRUST_PROXY is set).
    cookie: { httpOnly: true, sameSite: "lax", secure: "auto", maxAge: THIRTY_DAYS_MS },
  });
  return { middleware, close: () => store.close() };
}
