import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { JOBS_SCHEMA } from "../db/migrate";

/**
 * Enqueuing background work (docs/decisions/052-one-job-queue.md): a job is a row of the job
 * library (graphile-worker), added with its SQL function in the caller's transaction, so it exists
 * exactly when what caused it was committed. The library's own trigger NOTIFYs the workers at commit.
 */

export interface JobOptions {
  /** When it may run (default: now, on the database's clock). */
  runAt?: SQL;
  /** One pending job per key: a job added with a key already queued replaces it (or, `preserveRunAt`, keeps its time). */
  jobKey?: SQL | string;
  preserveRunAt?: boolean;
  /** Attempts before it is given up and kept as failed (the library's default: 25). */
  maxAttempts?: number;
}

/** `graphile_worker.add_job(…)`, an expression for a statement of the caller's (a trigger's or a CTE's SELECT). */
export function addJobSql(task: string, payload: SQL, options: JobOptions = {}): SQL {
  const args = [sql`identifier => ${task}::text`, sql`payload => (${payload})::json`];
  if (options.runAt) args.push(sql`run_at => ${options.runAt}`);
  if (options.maxAttempts !== undefined) args.push(sql`max_attempts => ${options.maxAttempts}::int`);
  if (options.jobKey !== undefined) {
    args.push(sql`job_key => (${options.jobKey})::text`);
    if (options.preserveRunAt) args.push(sql`job_key_mode => 'preserve_run_at'`);
  }
  return sql`${sql.raw(JOBS_SCHEMA)}.add_job(${sql.join(args, sql`, `)})`;
}

/** Adds one job in the caller's transaction. */
export async function addJob(tx: Pick<Db, "execute">, task: string, payload: Record<string, unknown>, options: JobOptions = {}): Promise<void> {
  await tx.execute(sql`SELECT ${addJobSql(task, sql`${JSON.stringify(payload)}`, options)}`);
}

/**
 * One job per row of `source` (a SELECT naming `payload`, a json value), added in one call
 * (`add_jobs`): for a data-modifying CTE, set-based. The statement must read the CTE's one row
 * (`added`) for the jobs to be added.
 */
export const addJobsSql = (task: string, source: SQL, options: Pick<JobOptions, "maxAttempts"> = {}) => sql`
  SELECT count(*)::int AS added FROM ${sql.raw(JOBS_SCHEMA)}.add_jobs(ARRAY(
    SELECT ROW(${task}::text, src.payload::json, NULL, NULL, ${options.maxAttempts ?? null}::int, NULL, NULL, NULL)::${sql.raw(JOBS_SCHEMA)}.job_spec
    FROM (${source}) src))`;
