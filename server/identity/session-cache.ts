import type { IdentityCache } from "./changes";
import type { IdentityMember } from "./member";

/** What one session read returns: the stored session, its expiry, and the member it names. */
export interface CachedSession {
  /** The session as stored, in JSON: every request parses its own copy, so none can change another's. */
  sessJson: string;
  expireMs: number;
  userId: number | undefined;
  member: IdentityMember | null | undefined;
}

/** Past this many sessions the oldest ones are dropped first. */
const MAX_ENTRIES = 20_000;
/** A safety net: even with no announced change, an entry is read again after this long. */
const MAX_AGE_MS = 5 * 60 * 1000;

/**
 * Sessions with their member, kept in this process between changes, so a request costs no session
 * query. Exact, not time-based: every change of a member's identity or of a session is announced
 * (server/identity/changes.ts) and the entry goes. While announcements cannot be heard (no LISTEN
 * connection yet, or it dropped) nothing is cached.
 *
 * A read that started before a change must not put its older row back afterwards: every change
 * moves `generation`, and a read stores its row only if the generation is still the one it began with.
 */
export class SessionCache implements IdentityCache {
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
    // Storing is no change: dropping an entry here must not move `generation`, or every read still
    // under way (2,000 members opening a page at once) would find its ticket stale and keep nothing.
    if (this.entries.size >= MAX_ENTRIES) this.drop(this.entries.keys().next().value!);
    this.drop(sid);
    this.entries.set(sid, { ...session, cachedAt: this.now() });
    if (session.userId === undefined) return;
    const sids = this.sidsOfMember.get(session.userId) ?? new Set<string>();
    sids.add(sid);
    this.sidsOfMember.set(session.userId, sids);
  }

  forgetSession(sid: string): void {
    this.generation++;
    this.drop(sid);
  }

  private drop(sid: string): void {
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

  onAnnouncement(payload: string): void {
    if (payload.startsWith("u")) this.forgetMember(Number(payload.slice(1)));
    else if (payload.startsWith("s")) this.forgetSession(payload.slice(1));
    else this.forgetAll();
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    this.forgetAll();
  }
}

