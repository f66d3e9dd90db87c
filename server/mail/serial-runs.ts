/**
 * A background job's runs in one process, one at a time (the mail scheduler, the mail sender).
 * `run` queues a full run after the one under way (tests pass a later clock); `wake` queues one
 * unless one is already waiting, since any number of wake-ups meanwhile need only one run; `close`
 * stops queueing and resolves once the run under way is done. A run checks `closed` between its
 * steps to stop early.
 */
export class SerialRuns {
  private queue: Promise<void> = Promise.resolve();
  private wakeQueued = false;
  private isClosed = false;

  constructor(private readonly runOnce: (now?: Date) => Promise<void>) {}

  get closed(): boolean {
    return this.isClosed;
  }

  run(now?: Date): Promise<void> {
    return (this.queue = this.queue.then(() => this.runOnce(now)));
  }

  wake(): void {
    if (this.isClosed || this.wakeQueued) return;
    this.wakeQueued = true;
    this.queue = this.queue.then(() => {
      this.wakeQueued = false;
      return this.runOnce();
    });
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await this.queue;
  }
}
