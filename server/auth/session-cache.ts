import type pg from "pg";
import type { SessionUser } from "./session-user";

/** The NOTIFY channel the `users` and `sessions` triggers announce changes on (migration 0013). */
export const IDENTITY_CHANNEL = "identity_changed";

/** What one session read returns: the stored session, its expiry, and the member it names. */
export interface CachedSession {
  /** The session as stored, in JSON: every request parses its own copy, so none can change another's. */
  sessJson: string;
  expireMs: number;
  userId: number | undefined;
  member: SessionUser | null | undefined;
}

/** Past this many sessions the oldest ones are dropped first. */
const MAX_ENTRIES = 20_000;
/** A safety net: even with no announced change, an entry is read again after this long. */
const MAX_AGE_MS = 5 * 60 * 1000;

/**
 * Sessions with their member, kept in this process between changes, so a request costs no session
 * query (docs/decisions/016-session-cache.md). Exact, not time-based: PostgreSQL announces every
 * change of a `users` or `sessions` row (a trigger, any process, the CLI too) and the entry goes;
 * this process's own writes clear it as they commit (`forgetOnOwnWrites`), before the announcement
 * comes back. While the announcements cannot be heard (no LISTEN connection yet, or it
 * dropped) nothing is cached.
 *
 * A read that started before a change must not put its older row back afterwards: every change
 * moves `generation`, and a read stores its row only if the generation is still the one it began with.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession & { cachedAt: number }>();
  private readonly sidsOfMember = new Map<number, Set<string>>();
  private generation = 0;
  private listening = false;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** The session `sid` names, if it is cached and not expired. */
  get(sid: string): CachedSession | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.expireMs <= now || now - entry.cachedAt >= MAX_AGE_MS || now < entry.cachedAt) {
      this.forgetSession(sid);
      return undefined;
    }
    return entry;
  }

  /** Taken before reading a session from the database; `put` with it stores the row only if nothing changed meanwhile. */
  ticket(): number {
    return this.generation;
  }

  put(sid: string, session: CachedSession, ticket: number): void {
    if (!this.listening || ticket !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.forgetSession(this.entries.keys().next().value!);
    this.forgetSession(sid);
    this.entries.set(sid, { ...session, cachedAt: this.now() });
    if (session.userId === undefined) return;
    const sids = this.sidsOfMember.get(session.userId) ?? new Set<string>();
    sids.add(sid);
    this.sidsOfMember.set(session.userId, sids);
  }

  forgetSession(sid: string): void {
    this.generation++;
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    if (entry.userId === undefined) return;
    const sids = this.sidsOfMember.get(entry.userId);
    sids?.delete(sid);
    if (sids?.size === 0) this.sidsOfMember.delete(entry.userId);
  }

  forgetMember(userId: number): void {
    this.generation++;
    for (const sid of this.sidsOfMember.get(userId) ?? []) this.forgetSession(sid);
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
    this.sidsOfMember.clear();
  }

  /** A change announced on IDENTITY_CHANNEL: `u<id>` (a member's row), `s<sid>` (a session), `*` (a table emptied). */
  onAnnouncement(payload: string): void {
    if (payload.startsWith("u")) this.forgetMember(Number(payload.slice(1)));
    else if (payload.startsWith("s")) this.forgetSession(payload.slice(1));
    else this.forgetAll();
  }

  /** Caches only while announcements are heard; a (re)connection may have missed some, so it starts empty. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.forgetAll();
  }
}

const READ_ONLY = /^\s*select\b/i;
const NAMES_IDENTITY_TABLE = /\b(?:users|sessions)\b/i;

/**
 * A statement sent through `pool` that may write `users` or `sessions` (the app's, or a test's
 * own) clears the cache when it is sent and again when its connection goes back to the pool, that
 * is once it (or its transaction) is committed. Overly careful by design: a false alarm costs one
 * session query, a missed write would serve a banned member.
 */
export function forgetOnOwnWrites(pool: pg.Pool, cache: SessionCache): void {
  const watched = new WeakSet<pg.PoolClient>();
  const wrote = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => {
    if (watched.has(client)) return;
    watched.add(client);
    const query = client.query;
    client.query = function (this: pg.PoolClient, config: unknown, ...rest: unknown[]) {
      const text = typeof config === "string" ? config : (config as { text?: unknown } | null)?.text;
      if (typeof text === "string" && !READ_ONLY.test(text) && NAMES_IDENTITY_TABLE.test(text)) {
        wrote.add(client);
        cache.forgetAll();
      }
      return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof client.query;
  });
  pool.on("release", (_error, client) => {
    if (wrote.delete(client)) cache.forgetAll();
  });
}
