import type pg from "pg";
import type { Db } from "../db/client";

/** Past this many visitors the oldest are forgotten first (they are simply checked again). */
const MAX_VISITORS = 100_000;
/**
 * Statements that can uncount a visitor: moving `counted_at` or removing rows. Counting itself only
 * inserts (or renews a row whose 24 hours have ended), so it never makes a remembered visitor wrong.
 */
const UNCOUNTS_VISITORS = /\b(?:update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?bio_card_visitors\b/i;

/**
 * Visitors this process has seen counted for a card in the last 24 hours, and until when, so a
 * reload costs no visit statement. A memory of facts, not a cache of rows: whoever counted them
 * (any process), they stay counted until then. Only an update or deletion of bio_card_visitors
 * (tests setting counted_at back, the hourly prune) can make it wrong, so any such statement sent
 * through this pool forgets everything.
 */
export class CountedVisitors {
  private readonly until = new Map<string, number>();

  has(key: string, now = Date.now()): boolean {
    const until = this.until.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.until.delete(key);
    return false;
  }

  remember(key: string, until: number): void {
    if (this.until.size >= MAX_VISITORS) this.until.delete(this.until.keys().next().value!);
    this.until.set(key, until);
  }

  forgetAll(): void {
    this.until.clear();
  }
}

const ofDatabase = new WeakMap<Db, CountedVisitors>();

/** The memory of `db`'s pool (each test database has its own). */
export function countedVisitorsOf(db: Db): CountedVisitors {
  let visitors = ofDatabase.get(db);
  if (!visitors) {
    const created = new CountedVisitors();
    forgetOnOwnWrites(db.$client, () => created.forgetAll());
    ofDatabase.set(db, (visitors = created));
  }
  return visitors;
}

/**
 * A statement sent through `pool` that may uncount a visitor calls `changed` when it is sent and
 * again when its connection goes back to the pool, that is once it (or its transaction) is
 * committed. Overly careful by design: a false alarm costs a visit statement.
 */
function forgetOnOwnWrites(pool: pg.Pool, changed: () => void): void {
  const watched = new WeakSet<pg.PoolClient>();
  const wrote = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => {
    if (watched.has(client)) return;
    watched.add(client);
    const query = client.query;
    client.query = function (this: pg.PoolClient, config: unknown, ...rest: unknown[]) {
      const text = typeof config === "string" ? config : (config as { text?: unknown } | null)?.text;
      if (typeof text === "string" && UNCOUNTS_VISITORS.test(text)) {
        wrote.add(client);
        changed();
      }
      return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof client.query;
  });
  pool.on("release", (_error, client) => {
    if (wrote.delete(client)) changed();
  });
}
