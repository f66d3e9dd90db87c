import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { JOBS_SCHEMA } from "../db/migrate";

/** One task's jobs in the queue (docs/decisions/052): waiting (due later, due now or running) and failed (given up, kept). */
export interface JobQueueCount {
  task: string;
  waiting: number;
  failed: number;
}

/** The queue's depth per task, from the library's `jobs` view. */
export async function countJobs(db: Pick<Db, "execute">): Promise<JobQueueCount[]> {
  const result = await db.execute<JobQueueCount & Record<string, unknown>>(sql`
    SELECT task_identifier AS task,
      count(*) FILTER (WHERE attempts < max_attempts)::int AS waiting,
      count(*) FILTER (WHERE attempts >= max_attempts)::int AS failed
    FROM ${sql.raw(JOBS_SCHEMA)}.jobs GROUP BY task_identifier`);
  return result.rows;
}
