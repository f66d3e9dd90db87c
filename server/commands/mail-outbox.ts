import { and, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

/** The NOTIFY channel that wakes every process's mail sender (payload empty): a mail was queued. */
export const MAIL_OUTBOX_CHANNEL = "mail_outbox";
/** Claims before a mail is given up: retried after 1, 2, 4 … 32 minutes, then hourly, it is about a day. */
export const MAIL_MAX_ATTEMPTS = 30;
/**
 * How long a claim keeps a mail from other processes: well over what one delivery may take (the
 * SMTP timeouts in mailer.ts). A process that dies while sending gives the mail back once it runs out.
 */
export const MAIL_LEASE_SECONDS = 600;
const FIRST_RETRY_SECONDS = 60;
const LAST_RETRY_SECONDS = 3_600;

/** A mail a process claimed: `attempts` counts this claim, and tells it from a later one. */
export interface ClaimedMail {
  id: number;
  sealedMail: string;
  attempts: number;
  /** When it was queued, in ms since 1970: with the id, its stable Message-ID. */
  createdMs: number;
}

/** `now` (tests: a later clock), else the database's time. */
const at = (now: Date | undefined) => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/**
 * Puts a sealed mail in mail_outbox in the caller's transaction: it is sent once that commits, and
 * never if it rolls back; every process's sender is woken at commit. `null` queues nothing with the
 * same statement, for forgot-password, whose time taken must not tell whether anyone was mailed.
 */
export async function queueMail(tx: Pick<Db, "execute">, sealedMail: string | null): Promise<void> {
  await tx.execute(sql`
    WITH queued AS (INSERT INTO mail_outbox (sealed_mail) SELECT ${sealedMail}::text WHERE ${sealedMail}::text IS NOT NULL RETURNING id)
    SELECT pg_notify(${MAIL_OUTBOX_CHANNEL}, '') FROM queued`);
}

/**
 * Claims the next mail due at `now` for this process, in one statement (no transaction is held
 * while it is sent): SKIP LOCKED lets every process claim at once without taking the same row, and
 * moving `next_attempt_at` to the lease's end keeps the others off it until the lease runs out.
 */
export async function claimMail(db: Pick<Db, "execute">, now?: Date): Promise<ClaimedMail | undefined> {
  const result = await db.execute<{ id: string; sealedMail: string; attempts: number; createdMs: number }>(sql`
    UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ${at(now)} + make_interval(secs => ${MAIL_LEASE_SECONDS})
    WHERE id = (
      SELECT id FROM mail_outbox WHERE failed_at IS NULL AND next_attempt_at <= ${at(now)}
      ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, sealed_mail AS "sealedMail", attempts, floor(extract(epoch FROM created_at) * 1000)::float8 AS "createdMs"`);
  const [row] = result.rows;
  return row && { ...row, id: Number(row.id) };
}

/** The mail went out: it leaves the outbox. */
export async function mailSent(db: Pick<Db, "execute">, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM mail_outbox WHERE id = ${id}`);
}

/**
 * The delivery failed: the mail is retried after a minute, doubling up to an hour, or given up
 * (`failed_at`) after MAIL_MAX_ATTEMPTS or at once when `giveUp`. Left alone when another process
 * has claimed it since (the lease ran out). Answers whether it was given up.
 */
export async function mailFailed(db: Pick<Db, "execute">, mail: ClaimedMail, error: string, { now, giveUp = false }: { now?: Date; giveUp?: boolean } = {}): Promise<boolean> {
  const result = await db.execute<{ failed: boolean }>(sql`
    UPDATE mail_outbox SET
      last_error = ${error.slice(0, 1_000)},
      next_attempt_at = ${at(now)} + make_interval(secs => least(${FIRST_RETRY_SECONDS} * power(2, least(attempts - 1, 12)), ${LAST_RETRY_SECONDS})),
      failed_at = CASE WHEN ${giveUp}::boolean OR attempts >= ${MAIL_MAX_ATTEMPTS} THEN ${at(now)} END
    WHERE id = ${mail.id} AND attempts = ${mail.attempts}
    RETURNING failed_at IS NOT NULL AS failed`);
  return result.rows[0]?.failed ?? false;
}

/** Which given-up mails an operator's command takes (the CLI's mail-retry and mail-discard): the ids named, or every one. */
export type FailedMails = number[] | "all";

const givenUp = (which: FailedMails) => and(isNotNull(mailOutbox.failedAt), which === "all" ? undefined : inArray(mailOutbox.id, which));

/** Given-up mails queued again as new: claimable at once, with MAIL_MAX_ATTEMPTS attempts ahead. Answers how many. */
export async function retryFailedMails(db: Db, which: FailedMails): Promise<number> {
  return db.transaction(async (tx) => {
    const retried = await tx.update(mailOutbox).set({ failedAt: null, attempts: 0, nextAttemptAt: sql`now()` }).where(givenUp(which)).returning({ id: mailOutbox.id });
    if (retried.length > 0) await tx.execute(sql`SELECT pg_notify(${MAIL_OUTBOX_CHANNEL}, '')`);
    return retried.length;
  });
}

/** Given-up mails deleted for good. Answers how many. */
export async function discardFailedMails(db: Db, which: FailedMails): Promise<number> {
  return (await db.delete(mailOutbox).where(givenUp(which)).returning({ id: mailOutbox.id })).length;
}
