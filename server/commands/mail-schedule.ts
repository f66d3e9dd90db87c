import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { EmailNotifications } from "@shared/email-notifications";
import type { Db } from "../db/client";
import { JOBS_SCHEMA } from "../db/migrate";
import { emailTokens, mailSchedules, users } from "../db/schema";
import { addJob } from "../jobs/queue";
import { TASKS } from "../jobs/tasks";
import { findUnreadForMail, type UnreadForMail } from "../queries/unread-mail";

const HOUR_MS = 3_600_000;
/** Used and expired mailed tokens are kept this long, for the per-member cap on reset mails. */
const TOKEN_KEEP_HOURS = 24;

export interface MailScheduleSettings {
  /** EMAIL_AWAY_MINUTES. */
  awayMinutes: number;
  /** EMAIL_DIGEST_HOUR (UTC). */
  digestHour: number;
}

/** A mail a schedule's decision sends: queued in the transaction that records it as sent. */
export interface DueMail {
  kind: "away" | "daily";
  userId: number;
  username: string;
  email: string;
  unread: UnreadForMail;
}

interface ScheduleRow {
  userId: number;
  mailedThrough: Date | null;
  lastAwayMailAt: Date | null;
  lastDigestAt: Date | null;
  username: string;
  email: string | null;
  emailVerified: boolean;
  emailNotifications: EmailNotifications;
  isOnline: boolean;
  lastSeenAt: Date | null;
  deletedAt: Date | null;
}

const later = (...times: (Date | null)[]) => new Date(Math.max(...times.map((time) => time?.getTime() ?? 0)));

/** The first digest time (EMAIL_DIGEST_HOUR:00 UTC) after `time`. */
export function nextDigestAt(time: Date, digestHour: number): Date {
  const at = new Date(time);
  at.setUTCHours(digestHour, 0, 0, 0);
  if (at <= time) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/**
 * What to do for one member whose schedule is due: mail now, or look again at `dueAt` (null: only when
 * something new is unread or their last socket closes, which the triggers announce).
 * - away: once the first new unread thing has waited EMAIL_AWAY_MINUTES since it arrived and since
 *   the member's last socket closed, with none open, at most once an hour;
 * - daily: at the first digest time after the first new unread thing, once a day.
 */
export function nextStep(row: ScheduleRow, unread: UnreadForMail, now: Date, settings: MailScheduleSettings): { send: DueMail["kind"] } | { dueAt: Date | null } {
  if (!row.email || !row.emailVerified || row.emailNotifications === "never" || row.deletedAt || !unread.firstNewAt) return { dueAt: null };
  let sendAt: Date;
  if (row.emailNotifications === "away") {
    if (row.isOnline) return { dueAt: null };
    const delayMs = settings.awayMinutes * 60_000;
    sendAt = later(new Date(unread.firstNewAt.getTime() + delayMs), row.lastSeenAt && new Date(row.lastSeenAt.getTime() + delayMs), row.lastAwayMailAt && new Date(row.lastAwayMailAt.getTime() + HOUR_MS));
  } else {
    sendAt = nextDigestAt(later(unread.firstNewAt, row.lastDigestAt), settings.digestHour);
  }
  return sendAt <= now ? { send: row.emailNotifications } : { dueAt: sendAt };
}

/** The member's one pending schedule job (the job queue's key). */
const scheduleKey = (userId: number) => `${TASKS.mailSchedule}:${userId}`;

/**
 * Something changed for the member that may call for mail (an address verified, a new choice): their
 * schedule job is due now, in the caller's transaction. The triggers of migration 0039 do the same
 * when something becomes unread or their last socket closes.
 */
export async function wakeMailSchedule(db: Pick<Db, "execute">, userId: number): Promise<void> {
  await addJob(db, TASKS.mailSchedule, { userId }, { jobKey: scheduleKey(userId) });
}

/**
 * Decides one member's schedule (nextStep) in one transaction: records a mail as sent and queues it
 * (`queue`, into the outbox), so no other run sends it again and a rollback queues nothing; or
 * queues the schedule's job again for when the mail may go (a wake-up queued meanwhile, due sooner,
 * keeps its time). The member's schedule row is locked, so two decisions for one member take turns.
 * Answers whether a mail was queued. `now` (tests: a later clock) is the database's clock unless
 * given: due times are written with it, to the microsecond, and a JavaScript Date of the same
 * millisecond (or from a machine whose clock is behind) would find a schedule just woken undue.
 */
export async function decideMailSchedule(
  db: Db,
  settings: MailScheduleSettings,
  queue: (tx: Pick<Db, "execute">, mail: DueMail) => Promise<void>,
  userId: number,
  now?: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO mail_schedules (user_id) SELECT id FROM users WHERE id = ${userId} ON CONFLICT (user_id) DO NOTHING`);
    const [row] = await tx
      .select({
        userId: mailSchedules.userId,
        mailedThrough: mailSchedules.mailedThrough,
        lastAwayMailAt: mailSchedules.lastAwayMailAt,
        lastDigestAt: mailSchedules.lastDigestAt,
        username: users.username,
        email: users.email,
        emailVerified: users.emailVerified,
        emailNotifications: users.emailNotifications,
        isOnline: users.isOnline,
        lastSeenAt: users.lastSeenAt,
        deletedAt: users.deletedAt,
        databaseNow: sql`now()`.mapWith(mailSchedules.lastDigestAt),
      })
      .from(mailSchedules)
      .innerJoin(users, eq(users.id, mailSchedules.userId))
      .where(eq(mailSchedules.userId, userId))
      .for("update", { of: mailSchedules });
    if (!row) return false;
    const unread = await findUnreadForMail(tx, row.userId, row.mailedThrough);
    const decidedAt = now ?? row.databaseNow!;
    const step = nextStep(row, unread, decidedAt, settings);
    if ("dueAt" in step) {
      const runAt = step.dueAt && sql`${step.dueAt.toISOString()}::timestamptz`;
      if (runAt) await addJob(tx, TASKS.mailSchedule, { userId }, { jobKey: scheduleKey(userId), runAt, preserveRunAt: true });
      return false;
    }
    await tx
      .update(mailSchedules)
      .set({ mailedThrough: unread.lastAt, ...(step.send === "away" ? { lastAwayMailAt: decidedAt } : { lastDigestAt: decidedAt }) })
      .where(eq(mailSchedules.userId, row.userId));
    await queue(tx, { kind: step.send, userId: row.userId, username: row.username, email: row.email!, unread });
    return true;
  });
}

/** The members whose schedule job is waiting (tests run their decisions at a clock of their own). */
export async function membersWithPendingSchedules(db: Pick<Db, "execute">): Promise<number[]> {
  const result = await db.execute<{ user_id: number }>(sql`
    SELECT DISTINCT substr(key, ${TASKS.mailSchedule.length + 2})::int AS user_id FROM ${sql.raw(JOBS_SCHEMA)}.jobs
    WHERE task_identifier = ${TASKS.mailSchedule} AND key IS NOT NULL AND attempts < max_attempts ORDER BY 1`);
  return result.rows.map((row) => row.user_id);
}

/** The one-click unsubscribe: the member gets no more notification mail. False when there is no such member. */
export async function unsubscribeFromMail(db: Db, userId: number): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ emailNotifications: "never" })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Drops mailed tokens past any use (the longest lives a day); run now and then. */
export async function pruneMailedTokens(db: Db): Promise<void> {
  await db.delete(emailTokens).where(lt(emailTokens.createdAt, sql`now() - make_interval(hours => ${TOKEN_KEEP_HOURS})`));
}
