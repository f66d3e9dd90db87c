import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { JOBS_SCHEMA } from "../db/migrate";
import { TASKS } from "../jobs/tasks";

/** A mail given up (docs/decisions/046): its job, kept as failed; as the CLI's mail-failed lists it. Its contents stay sealed. */
export interface FailedMail {
  id: number;
  createdAt: Date;
  attempts: number;
  lastError: string | null;
}

export async function listFailedMails(db: Pick<Db, "execute">): Promise<FailedMail[]> {
  const result = await db.execute<{ id: string; createdAt: string; attempts: number; lastError: string | null }>(sql`
    SELECT id::text, created_at AS "createdAt", attempts, last_error AS "lastError" FROM ${sql.raw(JOBS_SCHEMA)}.jobs
    WHERE task_identifier = ${TASKS.sendMail} AND attempts >= max_attempts AND locked_at IS NULL ORDER BY id`);
  return result.rows.map((row) => ({ ...row, id: Number(row.id), createdAt: new Date(row.createdAt) }));
}
