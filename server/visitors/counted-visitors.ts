import type { Db } from "../db/client";
import { announceOwnWrites } from "../db/identity-changes";

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
    announceOwnWrites(db.$client, UNCOUNTS_VISITORS, () => created.forgetAll());
    ofDatabase.set(db, (visitors = created));
  }
  return visitors;
}
