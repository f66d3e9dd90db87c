import { EventEmitter } from "node:events";
import { Logger as WorkerLogger, parseCrontab, run, type Job, type Runner, type TaskList, type WorkerEvents } from "graphile-worker";
import pg from "pg";
import type { Logger } from "../logger";
import type { JobMetrics } from "../metrics/metrics";

/** Jobs one process runs at once. */
export const JOB_CONCURRENCY = 4;
/** How often an idle worker looks for jobs that came due (a retry, a `runAt`) without being told. */
export const JOB_POLL_MS = 2_000;
/** How long to wait before starting the worker again after it stopped by itself (its database went away). */
const RESTART_DELAY_MS = 5_000;

/** A task: what one job of its name does. Throwing fails the attempt: it is retried with backoff, then kept as failed. */
export type JobHandler = (payload: unknown, job: Job) => Promise<void>;

export interface JobWorker {
  /** Takes no new job; resolves once the jobs under way are done (what is left waits for the next process). */
  stop(): Promise<void>;
}

export interface JobWorkerOptions {
  /**
   * PostgreSQL itself (DATABASE_DIRECT_URL): the worker LISTENs for new jobs and takes them with
   * session-bound prepared statements, neither of which a transaction-mode pooler keeps.
   */
  connectionString: string;
  tasks: Record<string, JobHandler>;
  /** Recurring jobs, crontab lines (`0 * * * * task`): one job per time across every process. */
  crontab?: string;
  logger: Logger;
  metrics: JobMetrics;
}

/**
 * The process's job worker (docs/decisions/052-one-job-queue.md): every process runs one on the
 * same queue; the library locks each job it takes (SKIP LOCKED), so a job runs in one process at a
 * time, and retries a failed one with exponential backoff up to its attempts, then keeps it as failed.
 * If the worker stops by itself (its database was away too long), it is started again.
 */
export function startJobWorker({ connectionString, tasks, crontab, logger, metrics }: JobWorkerOptions): JobWorker {
  const pool = new pg.Pool({ connectionString, application_name: "enclave-jobs", max: JOB_CONCURRENCY + 3, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  pool.on("error", (error) => logger.warn({ error: error.message }, "Idle job worker connection lost"));
  pool.on("connect", (client) => client.on("error", () => {}));

  const events: WorkerEvents = new EventEmitter();
  events.on("job:success", ({ job }) => metrics.ran(job.task_identifier, "succeeded"));
  events.on("job:error", ({ job, error }) => {
    metrics.ran(job.task_identifier, "failed");
    logger.warn({ jobId: job.id, task: job.task_identifier, attempt: job.attempts, of: job.max_attempts, error: (error as Error).message }, "Job failed: it will be retried");
  });
  events.on("job:failed", ({ job, error }) => {
    metrics.gaveUp(job.task_identifier);
    logger.error({ jobId: job.id, task: job.task_identifier, attempts: job.attempts, error: (error as Error).message }, "Job given up after its last attempt: kept as failed");
  });

  const taskList: TaskList = Object.fromEntries(Object.entries(tasks).map(([name, handler]) => [name, (payload, helpers) => handler(payload, helpers.job)]));
  const parsedCronItems = parseCrontab(crontab ?? "");
  let stopped = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let current: Promise<Runner | undefined> = Promise.resolve(undefined);

  const start = () => {
    current = run({ pgPool: pool, taskList, parsedCronItems, concurrency: JOB_CONCURRENCY, pollInterval: JOB_POLL_MS, noHandleSignals: true, logger: workerLogger(logger), events, preset: { worker: recordOutcomesInBatches } }).then(
      (runner) => {
        runner.promise.then(restart, restart);
        return runner;
      },
      (error: Error) => {
        restart(error);
        return undefined;
      },
    );
  };
  const restart = (error?: unknown) => {
    if (stopped) return;
    logger.warn({ error: (error as Error | undefined)?.message }, "The job worker stopped; starting it again");
    restartTimer = setTimeout(start, RESTART_DELAY_MS);
  };
  start();

  let stopping: Promise<void> | undefined;
  return {
    stop: () =>
      (stopping ??= (async () => {
        stopped = true;
        clearTimeout(restartTimer);
        const runner = await current;
        await runner?.stop().catch((error: Error) => logger.warn({ error: error.message }, "Stopping the job worker failed"));
        await pool.end();
      })()),
  };
}

/**
 * Record each job's outcome through the library's batcher (delay 0: no waiting). Recorded one by
 * one, a failed write (a connection that could not be had in time) is a promise nobody awaits,
 * which crashes the process; the batcher hands it to the worker, which stops and is started again
 * by `restart` above, and the job whose outcome was lost runs again later (at least once).
 */
const recordOutcomesInBatches = { completeJobBatchDelay: 0, failJobBatchDelay: 0 };

/**
 * The library's log lines at a level below ours: each job's outcome is logged above (and counted),
 * its "completed" lines are debug, and its own errors are warnings (it retries them).
 */
function workerLogger(logger: Logger): WorkerLogger {
  return new WorkerLogger(() => (level, message, meta) => {
    // A job's failure is logged once, by the job:error listener.
    if (meta?.failure) return;
    if (level === "error" || level === "warning") logger.warn({ worker: true }, message);
    else if (level === "info") logger.debug(message);
    else logger.trace(message);
  });
}
