import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { JOBS_SCHEMA } from "../db/migrate";
import { addJobSql } from "../jobs/queue";
import { TASKS } from "../jobs/tasks";

/**
 * Attempts before a mail is given up and kept as failed: with the job library's backoff (e^n
 * seconds after the nth failure: 3 s, 7 s, 20 s, 1 min … 6 h) the last is about a day after the first.
 */
export const MAIL_MAX_ATTEMPTS = 13;

/** One mail: every mail has a plain-text and an HTML part (docs/product.md "Email"). */
export interface Mail {
  to: string;
  /** The member the mail is for: /admin/mail shows its links' tokens to them only (absent: to nobody). */
  recipientId?: number;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** What a command hands mail to, in its transaction (the mailer, server/mail/mailer.ts: docs/decisions/046-mail-outbox.md). */
export interface MailQueue {
  /**
   * Puts the mail in the outbox (a job of the job queue, the mail sealed) in the caller's
   * transaction: it is sent after that commits, by whichever process takes it, and not at all if
   * it rolls back. `null` queues nothing with the same statement (forgot-password).
   */
  queue(tx: Pick<Db, "execute">, mail: Mail | null): Promise<void>;
}

/**
 * Queues a sealed mail in the caller's transaction: sent once that commits, and never if it rolls
 * back. `null` queues nothing with the same statement, for forgot-password, whose time taken must
 * not tell whether anyone was mailed.
 */
export async function queueMail(tx: Pick<Db, "execute">, sealedMail: string | null): Promise<void> {
  const job = addJobSql(TASKS.sendMail, sql`json_build_object('sealedMail', mail)`, { maxAttempts: MAIL_MAX_ATTEMPTS });
  await tx.execute(sql`SELECT ${job} FROM (SELECT ${sealedMail}::text AS mail) queued WHERE mail IS NOT NULL`);
}

/** Which given-up mails an operator's command takes (the CLI's mail-retry and mail-discard): the ids named, or every one. */
export type FailedMails = number[] | "all";

/**
 * The given-up mails `which` names, handed to one of the job library's functions on jobs (which
 * leave alone a job being run); answers how many it changed.
 */
async function onFailedMails(db: Pick<Db, "execute">, which: FailedMails, operation: (ids: SQL) => SQL): Promise<number> {
  const named = which === "all" ? sql`` : sql`AND id = ANY(${sql.param(which)}::bigint[])`;
  const ids = sql`ARRAY(SELECT id FROM ${sql.raw(JOBS_SCHEMA)}.jobs WHERE task_identifier = ${TASKS.sendMail} AND attempts >= max_attempts AND locked_at IS NULL ${named})`;
  const result = await db.execute<{ changed: number }>(sql`SELECT count(*)::int AS changed FROM ${operation(ids)}`);
  return result.rows[0]!.changed;
}

/** Given-up mails queued again: due at once, with MAIL_MAX_ATTEMPTS attempts ahead. Answers how many. */
export function retryFailedMails(db: Pick<Db, "execute">, which: FailedMails): Promise<number> {
  return onFailedMails(db, which, (ids) => sql`${sql.raw(JOBS_SCHEMA)}.reschedule_jobs(${ids}, run_at := now(), attempts := 0)`);
}

/** Given-up mails deleted for good. Answers how many. */
export function discardFailedMails(db: Pick<Db, "execute">, which: FailedMails): Promise<number> {
  return onFailedMails(db, which, (ids) => sql`${sql.raw(JOBS_SCHEMA)}.complete_jobs(${ids})`);
}
