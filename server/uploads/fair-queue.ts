import { EventEmitter } from "node:events";

/** What the queue tells its listeners (logs, tests) about a job, by its owner. */
export interface FairQueueEvents {
  queued: [owner: number];
  started: [owner: number];
  finished: [owner: number];
  /** Its signal aborted while it waited: it never started. */
  cancelled: [owner: number];
}

interface Job {
  task: () => Promise<unknown>;
  signal: AbortSignal;
  onAbort: () => void;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * Runs at most `slots` jobs at once and at most one per owner. Owners with jobs waiting take turns
 * (round robin), so however many jobs one owner sends, anyone else's next job waits for at most the
 * jobs running when it came, never for that owner's pile. A job whose signal aborts while it waits is
 * dropped and never starts; one already running is the task's to stop.
 */
export class FairQueue extends EventEmitter<FairQueueEvents> {
  /** Waiting jobs by owner, owners in the order their first waiting job came. */
  private readonly waiting = new Map<number, Job[]>();
  private readonly running = new Set<number>();
  /** When each owner with jobs last had one started (a count of starts); whoever waited longest goes next. */
  private readonly lastTurn = new Map<number, number>();
  private turns = 0;

  constructor(private readonly slots: number) {
    super();
  }

  run<T>(owner: number, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const job: Job = { task, signal, onAbort: () => this.drop(owner, job), resolve: resolve as (value: unknown) => void, reject };
      signal.addEventListener("abort", job.onAbort, { once: true });
      this.waiting.set(owner, [...(this.waiting.get(owner) ?? []), job]);
      this.emit("queued", owner);
      this.startWhatCan();
    });
  }

  private drop(owner: number, job: Job) {
    const jobs = this.waiting.get(owner) ?? [];
    if (!jobs.includes(job)) return;
    this.setWaiting(owner, jobs.filter((other) => other !== job));
    this.emit("cancelled", owner);
    job.reject(job.signal.reason);
  }

  private setWaiting(owner: number, jobs: Job[]) {
    if (jobs.length) this.waiting.set(owner, jobs);
    else this.waiting.delete(owner);
    if (!jobs.length && !this.running.has(owner)) this.lastTurn.delete(owner);
  }

  /** The owner whose turn it is: not running a job, with one waiting, and served least recently. */
  private nextOwner(): number | undefined {
    let next: number | undefined;
    for (const owner of this.waiting.keys()) {
      if (this.running.has(owner)) continue;
      if (next === undefined || (this.lastTurn.get(owner) ?? 0) < (this.lastTurn.get(next) ?? 0)) next = owner;
    }
    return next;
  }

  private startWhatCan() {
    while (this.running.size < this.slots) {
      const owner = this.nextOwner();
      if (owner === undefined) return;
      const [job, ...rest] = this.waiting.get(owner)! as [Job, ...Job[]];
      this.running.add(owner);
      this.lastTurn.set(owner, ++this.turns);
      this.setWaiting(owner, rest);
      job.signal.removeEventListener("abort", job.onAbort);
      this.emit("started", owner);
      (async () => job.task())()
        .finally(() => {
          this.running.delete(owner);
          this.setWaiting(owner, this.waiting.get(owner) ?? []);
          this.emit("finished", owner);
          this.startWhatCan();
        })
        .then(job.resolve, job.reject);
    }
  }
}
