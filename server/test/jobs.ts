import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { JOBS_SCHEMA } from "../db/migrate";

/** A job as the library's `jobs` view shows it. */
export interface QueuedJob {
  id: string;
  task: string;
  key: string | null;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  lockedAt: Date | null;
}

/** The jobs of `task` in the queue, oldest first. */
export async function queuedJobs(db: Pick<Db, "execute">, task: string): Promise<QueuedJob[]> {
  const result = await db.execute<QueuedJob & Record<string, unknown>>(sql`
    SELECT id::text, task_identifier AS task, key, run_at AS "runAt", attempts, max_attempts AS "maxAttempts", last_error AS "lastError", locked_at AS "lockedAt"
    FROM ${sql.raw(JOBS_SCHEMA)}.jobs WHERE task_identifier = ${task} ORDER BY id`);
  return result.rows.map((row) => ({ ...row, runAt: new Date(row.runAt), lockedAt: row.lockedAt && new Date(row.lockedAt) }));
}

/**
 * Resolves once no job of these tasks is running or due with attempts left: every one queued so far
 * and due was attempted (by any worker on the database).
 */
export async function jobsSettled(db: Pick<Db, "execute">, tasks: string[], timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await db.execute<{ pending: number }>(sql`
      SELECT count(*)::int AS pending FROM ${sql.raw(JOBS_SCHEMA)}.jobs
      WHERE task_identifier = ANY(${sql.param(tasks)}::text[]) AND (locked_at IS NOT NULL OR (run_at <= now() AND attempts < max_attempts))`);
    if (result.rows[0]!.pending === 0) return;
    if (Date.now() > deadline) throw new Error(`Jobs of ${tasks.join(", ")} still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
