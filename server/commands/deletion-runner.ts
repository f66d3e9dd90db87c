import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { runDeletionBatch, type DeletionSettings } from "./delete-user";

/** How often a process looks for unfinished member deletions, such as one another process left when it died. */
export const DELETION_POLL_MS = 30_000;

export interface DeletionRunner {
  /** Work now: a deletion was just started. */
  wake(): void;
  /** Stops after the batch in progress, if any. */
  close(): Promise<void>;
}

/**
 * Works member deletion jobs in this process, batch after batch until none is left that another
 * process is not working (runDeletionBatch skips locked jobs): at start (jobs a stopped process left
 * unfinished), when woken, and every DELETION_POLL_MS.
 */
export function startDeletionRunner(db: Db, settings: DeletionSettings, logger: Logger, pollMs = DELETION_POLL_MS): DeletionRunner {
  let closed = false;
  let wokenAgain = false;
  let running: Promise<void> | undefined;

  const drain = async () => {
    do {
      wokenAgain = false;
      try {
        let outcome;
        while (!closed && (outcome = await runDeletionBatch(db, settings))) {
          if (outcome.finished) logger.info({ jobId: outcome.jobId }, "Member deletion finished");
        }
      } catch (error) {
        logger.warn({ error: (error as Error).message }, "Member deletion batch failed");
      }
    } while (wokenAgain && !closed);
  };
  const wake = () => {
    if (closed) return;
    if (running) wokenAgain = true;
    else running = drain().finally(() => (running = undefined));
  };

  const timer = setInterval(wake, pollMs).unref();
  wake();
  return {
    wake,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
