import type pg from "pg";
import type { Db } from "../db/client";
import type { Listener } from "../db/listener";
import { Announcements } from "../db/announcements";
import { channels, listen } from "../events/channels";

/** A cache of members' identities or sessions, told of every change to them. */
export interface IdentityCache {
  /** `u<user id>` (a member's identity), `s<session id>` (a session), `*` (anything may have changed). */
  onAnnouncement(payload: string): void;
  /** False while changes cannot be heard: cache nothing. True again: start empty, some may have been missed. */
  setListening(listening: boolean): void;
}

/** Anything that can run SQL: the Drizzle database or a transaction. */
type Executor = Pick<Db, "execute">;

// Announced by the app's commands and by the triggers of migrations 0014/0018.
const announcements = new Announcements(channels.identityChanged);

/**
 * Call in the command that changes a member's identity (username, administrator, ban, deletion, or
 * their sessions), with the transaction that changes it. Other processes hear it once it commits
 * (NOTIFY is delivered at commit); this process forgets the member when the transaction's
 * connection goes back to the pool, that is right after commit, so its very next request sees the change.
 */
export function identityChanged(db: Executor, memberId: number): Promise<void> {
  return announcements.announce(db, `u${memberId}`);
}

/**
 * Tells `cache` of every identity change: announced ones through the process's shared listener
 * (any process, the CLI, psql through the triggers), and this process's own commands through
 * `pool` once their transaction ends (`identityChanged`). Until the listener listens, it caches nothing.
 */
export function watchIdentityChanges({ pool, listener, cache }: { pool: pg.Pool; listener: Listener; cache: IdentityCache }): () => void {
  const stopHearingOwn = announcements.hearOwn(pool, (payload) => cache.onAnnouncement(payload));
  void listen(listener, channels.identityChanged, {
    notify: (payload) => cache.onAnnouncement(payload),
    listening: () => cache.setListening(true),
    lost: () => cache.setListening(false),
  });
  // The listener closes with the app; its subscription goes with it.
  return () => {
    stopHearingOwn();
    cache.setListening(false);
  };
}
