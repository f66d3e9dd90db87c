import { asc, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

/** What the outbox holds: mails waiting to be sent (or being sent), and mails given up (docs/decisions/046). */
export interface MailOutboxCounts {
  waiting: number;
  failed: number;
}

export async function countMailOutbox(db: Db): Promise<MailOutboxCounts> {
  const [counts] = await db
    .select({
      waiting: sql<number>`count(*) FILTER (WHERE ${mailOutbox.failedAt} IS NULL)::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${mailOutbox.failedAt} IS NOT NULL)::int`,
    })
    .from(mailOutbox);
  return counts!;
}

/** A mail given up (docs/decisions/046), as the CLI's mail-failed lists it; its contents stay sealed. */
export interface FailedMail {
  id: number;
  createdAt: Date;
  attempts: number;
  failedAt: Date;
  lastError: string | null;
}

export async function listFailedMails(db: Db): Promise<FailedMail[]> {
  const rows = await db
    .select({ id: mailOutbox.id, createdAt: mailOutbox.createdAt, attempts: mailOutbox.attempts, failedAt: mailOutbox.failedAt, lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.failedAt))
    .orderBy(asc(mailOutbox.id));
  return rows.map((row) => ({ ...row, failedAt: row.failedAt! }));
}
