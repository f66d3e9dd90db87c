import { and, eq, gt, sql } from "drizzle-orm";
import type { Request } from "express";
import session from "express-session";
import type pg from "pg";
import type { Db } from "../db/client";
import { preparedQuery } from "../db/prepared";
import { sessions, users } from "../db/schema";
import { liveMember } from "../queries/live-member";
import type { SessionCache } from "../identity/session-cache";
import { identityColumns, type IdentityMember } from "../identity/member";

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

const readSession = preparedQuery((db) =>
  db
    .select({ sess: sessions.sess, expire: sessions.expire, member: identityColumns })
    .from(sessions)
    // A deleted member is signed out, even by a session a sign-in racing their deletion made.
    .leftJoin(users, and(sql`${users.id} = (${sessions.sess} -> 'passport' ->> 'user')::int`, liveMember))
    .where(and(eq(sessions.sid, sql.placeholder("sid")), gt(sessions.expire, sql`to_timestamp(${sql.placeholder("now")} / 1000.0)`)))
    .prepare("read_session"),
);

type StoredSession = session.SessionData & { passport?: { user?: number } };
type Callback = (error?: unknown) => void;

/** The member's identity read together with a session, waiting for Passport on the same request. */
const loadedMembers = new WeakMap<object, IdentityMember | null>();
const memberOfRequest = new WeakMap<Request, IdentityMember | null>();

/**
 * The member the session names, as read with the session itself (null: that member is gone), or
 * undefined when the session was not read with one (then Passport loads the member itself).
 */
export function takeSessionMember(req: Request, id: number): IdentityMember | null | undefined {
  const member = memberOfRequest.get(req);
  memberOfRequest.delete(req);
  return member === undefined || (member !== null && member.id !== id) ? undefined : member;
}

/**
 * Sessions in the `sessions` table (docs/product.md "Accounts and sessions"). Unlike connect-pg-simple it has no
 * `touch`: a read costs one SELECT and no write. The expiry moves only when the session is saved,
 * which the session middleware makes happen at most hourly (its `keepAlive`), so "30 days after the
 * last use" holds to within that hour. The stored expiry never passes sign-in + 180 days.
 *
 * A session is read in one query together with its member's identity, which Passport then takes
 * (`takeSessionMember`) instead of asking the database again, and is then kept in `cache` until
 * either changes: most requests cost no session query at all.
 */
export class PgSessionStore extends session.Store {
  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Db,
    private readonly cache: SessionCache,
    private readonly now: () => number = () => Date.now(),
  ) {
    super();
  }

  override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
    const cached = this.cache.get(sid);
    if (cached) return callback(null, ownCopy(cached.sessJson, cached.member));
    const ticket = this.cache.ticket();
    readSession(this.db)
      .execute({ sid, now: this.now() })
      .then(([row]) => {
        if (!row) return callback(null, null);
        const sess = row.sess as StoredSession;
        const userId = sess.passport?.user;
        const sessJson = JSON.stringify(sess);
        this.cache.put(sid, { sessJson, expireMs: row.expire.getTime(), userId, member: userId === undefined ? undefined : row.member }, ticket);
        callback(null, ownCopy(sessJson, userId === undefined ? undefined : row.member));
      }, callback);
  }

  /** Hands the member read with the session to this request (express-session calls this with what `get` returned). */
  override createSession(req: Request, sess: session.SessionData): session.Session & session.SessionData {
    const member = loadedMembers.get(sess);
    if (member !== undefined) memberOfRequest.set(req, member);
    return super.createSession(req, sess);
  }

  override set(sid: string, sess: StoredSession, callback?: Callback): void {
    const now = this.now();
    if (sess.passport?.user !== undefined) sess.signedInAt ??= now;
    sess.refreshedAt = now;
    const idleEnd = sess.cookie.expires ? new Date(sess.cookie.expires).getTime() : now + SESSION_IDLE_MS;
    const expire = Math.min(idleEnd, (sess.signedInAt ?? now) + SESSION_LIFETIME_MS);
    const saving = this.pool.query(
      `INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, to_timestamp($3 / 1000.0))
       ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire`,
      [sid, JSON.stringify(sess), expire],
    );
    this.written(sid, saving, callback);
  }

  override destroy(sid: string, callback?: Callback): void {
    this.written(sid, this.pool.query("DELETE FROM sessions WHERE sid = $1", [sid]), callback);
  }

  /** Once the row is written (or failed to be), no read from before can be served from the cache. */
  private written(sid: string, writing: Promise<unknown>, callback?: Callback) {
    writing.finally(() => this.cache.forgetSession(sid)).then(() => callback?.(), (error) => callback?.(error));
  }
}

/** A session and member of this request's own: express-session and Passport change what they are given. */
function ownCopy(sessJson: string, member: IdentityMember | null | undefined): StoredSession {
  const sess = JSON.parse(sessJson) as StoredSession;
  if (member !== undefined) loadedMembers.set(sess, member && { ...member });
  return sess;
}

/** Drops ended sessions; run now and then so the table stays small. */
export async function pruneSessions(pool: pg.Pool, now = Date.now()): Promise<void> {
  await pool.query("DELETE FROM sessions WHERE expire <= to_timestamp($1 / 1000.0)", [now]);
}
