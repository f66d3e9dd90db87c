import session from "express-session";
import type pg from "pg";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A session not used for this long ends (rolling). */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/** Whatever the activity, a session ends this long after its sign-in. */
export const SESSION_LIFETIME_MS = 180 * DAY_MS;
/** The stored expiry is pushed forward at most this often, so reading a session costs no write. */
export const SESSION_REFRESH_MS = 60 * 60 * 1000;

declare module "express-session" {
  interface SessionData {
    /** When the member signed in (ms); stamped by the store on the first save that carries a member. */
    signedInAt?: number;
    /** When the stored expiry was last pushed forward (ms); stamped by the store on every save. */
    refreshedAt?: number;
  }
}

type StoredSession = session.SessionData & { passport?: { user?: number } };
type Callback = (error?: unknown) => void;

/**
 * Sessions in the `sessions` table (decisions.md "Accounts"). Unlike connect-pg-simple it has no
 * `touch`: a read costs one SELECT and no write. The expiry moves only when the session is saved,
 * which the session middleware makes happen at most hourly (see `keepSessionAlive`), so "30 days
 * after the last use" holds to within that hour. The stored expiry never passes sign-in + 180 days.
 */
export class PgSessionStore extends session.Store {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number = () => Date.now(),
  ) {
    super();
  }

  override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
    this.pool
      .query<{ sess: session.SessionData }>("SELECT sess FROM sessions WHERE sid = $1 AND expire > to_timestamp($2 / 1000.0)", [sid, this.now()])
      .then((result) => callback(null, result.rows[0]?.sess ?? null), callback);
  }

  override set(sid: string, sess: StoredSession, callback?: Callback): void {
    const now = this.now();
    if (sess.passport?.user !== undefined) sess.signedInAt ??= now;
    sess.refreshedAt = now;
    const idleEnd = sess.cookie.expires ? new Date(sess.cookie.expires).getTime() : now + SESSION_IDLE_MS;
    const expire = Math.min(idleEnd, (sess.signedInAt ?? now) + SESSION_LIFETIME_MS);
    this.pool
      .query(
        `INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, to_timestamp($3 / 1000.0))
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire`,
        [sid, JSON.stringify(sess), expire],
      )
      .then(() => callback?.(), (error) => callback?.(error));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.pool.query("DELETE FROM sessions WHERE sid = $1", [sid]).then(() => callback?.(), (error) => callback?.(error));
  }
}

/** Drops ended sessions; run now and then so the table stays small. */
export async function pruneSessions(pool: pg.Pool, now = Date.now()): Promise<void> {
  await pool.query("DELETE FROM sessions WHERE expire <= to_timestamp($1 / 1000.0)", [now]);
}
