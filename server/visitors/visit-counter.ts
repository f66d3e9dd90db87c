import type { Request } from "express";
import { countVisits, type CardViewsCount, type KeyedVisit } from "../commands/count-visit";
import type { Db } from "../db/client";
import { CARD_ITSELF } from "../db/schema/bio-card-visitors";
import type { Logger } from "../logger";
import { deviceOf } from "./device";
import { referrerSource } from "./referrer-source";
import { utcDay, visitorAddress, visitorIdentity, visitorKeys } from "./visitor-keys";

/** A visit as a request leaves it: who (unhashed, in memory only), what, when and from where. */
type Visit = Omit<KeyedVisit, "keys"> & { identity: string; address: string | null };

/** Past this many visits waiting (a database down for long), new ones are dropped rather than filling the memory. */
const MAX_PENDING = 100_000;

/**
 * Card views and clicks, noted in memory by the request and written in batches (docs/decisions/035),
 * so a card request never waits on a database write. A visitor's repeats before the next batch are
 * noted once; whether a visit counts (once per visitor per 24 hours, across processes) is decided
 * by the batch's upsert. A stop writes what is waiting; a crash loses at most one interval's visits.
 */
export class VisitCounter {
  private pending = new Map<string, Visit>();
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    intervalMs: number,
    /** Anonymous visitors one address may add to a card's day (CARD_VISITORS_PER_ADDRESS). */
    private readonly visitorsPerAddress: number,
    /** Told the cards' new counts once a batch is written, before its flush resolves. */
    private readonly counted: (counts: CardViewsCount[]) => void = () => {},
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs).unref();
  }

  /** Notes a view of the card (`linkId` absent) or a click on one of its links; never waits. */
  record(req: Request, cardId: number, linkId = CARD_ITSELF, at = Date.now()): void {
    const identity = visitorIdentity(req);
    const key = `${cardId}:${linkId}:${utcDay(at)}:${identity}`;
    if (this.pending.has(key)) return;
    if (this.pending.size >= MAX_PENDING) return;
    this.pending.set(key, { cardId, linkId, identity, address: visitorAddress(req), at, source: referrerSource(req.get("referer")), device: deviceOf(req.get("user-agent")) });
  }

  /** Writes what is waiting, after any batch already being written; resolves when it is written (or kept for the next one). */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writePending());
    return this.writing;
  }

  /** Stops the timer and writes what is waiting (graceful stop). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writePending(): Promise<void> {
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    // A batch may span midnight: each day is written with its own salt, oldest first.
    const days = new Map<string, [string, Visit][]>();
    for (const entry of batch) {
      const day = utcDay(entry[1].at);
      const ofDay = days.get(day);
      if (ofDay) ofDay.push(entry);
      else days.set(day, [entry]);
    }
    for (const [day, entries] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
      try {
        const visits = await Promise.all(entries.map(async ([, { identity, address, ...visit }]) => ({ ...visit, keys: await visitorKeys(this.db, identity, address, visit.at) })));
        this.counted(await countVisits(this.db, day, visits, this.visitorsPerAddress));
      } catch (error) {
        // Kept for the next batch (the upsert makes a retry count nothing twice), within the cap.
        for (const [key, visit] of entries) if (this.pending.size < MAX_PENDING && !this.pending.has(key)) this.pending.set(key, visit);
        this.logger.warn({ error: (error as Error).message, visits: entries.length }, "Writing card visits failed; kept for the next batch");
      }
    }
  }
}
