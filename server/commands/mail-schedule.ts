import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { EmailNotifications } from "@shared/email-notifications";
import type { Db } from "../db/client";
import { emailTokens, mailSchedules, mailWakeups, users } from "../db/schema";
import { findUnreadForMail, type UnreadForMail } from "../queries/unread-mail";

/** The NOTIFY channel of new wake-ups (the triggers of migration 0029 and wakeMailSchedule). */
export const MAIL_DUE_CHANNEL = "mail_due";
/** Members looked at per transaction: each costs a few index lookups. */
const BATCH = 50;
/** Wake-ups turned into due schedules per transaction. */
const WAKEUP_BATCH = 1_000;
const HOUR_MS = 3_600_000;
/** Used and expired mailed tokens are kept this long, for the per-member cap on reset mails. */
const TOKEN_KEEP_HOURS = 24;

export interface MailScheduleSettings {
  /** EMAIL_AWAY_MINUTES. */
  awayMinutes: number;
  /** EMAIL_DIGEST_HOUR (UTC). */
  digestHour: number;
}

/** A mail the scheduler decided to send: queued in the transaction that records it as sent. */
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

/** Something changed for the member that may call for mail (an address verified, a new choice): the scheduler looks. */
export async function wakeMailSchedule(db: Pick<Db, "insert" | "execute">, userId: number): Promise<void> {
  await db.insert(mailWakeups).values({ userId });
  await db.execute(sql`SELECT pg_notify(${MAIL_DUE_CHANNEL}, '')`);
}

/**
 * Turns up to WAKEUP_BATCH wake-ups into schedules due now and deletes them; answers how many it
 * took. Rows another process is taking are skipped; members are upserted in id order, so two
 * processes at it cannot deadlock.
 */
export async function takeWakeups(db: Db): Promise<number> {
  const result = await db.execute(sql`
    WITH taken AS (
      DELETE FROM mail_wakeups WHERE id IN (SELECT id FROM mail_wakeups ORDER BY id LIMIT ${WAKEUP_BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, user_id
    ), woken AS (
      INSERT INTO mail_schedules (user_id, due_at)
      SELECT DISTINCT user_id, now() FROM taken ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at
    )
    SELECT count(*)::int AS taken FROM taken`);
  return (result.rows[0] as { taken: number }).taken;
}

/**
 * Claims up to BATCH due schedules (FOR UPDATE SKIP LOCKED: another process takes other members),
 * decides each (nextStep), and records a mail as sent and queues it (`queue`, into the outbox) in
 * one transaction: no other process and no later run sends it again, and a rollback queues nothing.
 * Answers how many mails it queued. `now` (tests: a later clock) is the database's clock unless
 * given: due times are written with it, to the microsecond, and a JavaScript Date of the same
 * millisecond (or from a machine whose clock is behind) would leave a schedule just woken undue
 * until the next poll.
 */
export async function takeDueMails(
  db: Db,
  settings: MailScheduleSettings,
  queue: (tx: Pick<Db, "execute">, mail: DueMail) => Promise<void>,
  now?: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
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
        databaseNow: sql`now()`.mapWith(mailSchedules.dueAt),
      })
      .from(mailSchedules)
      .innerJoin(users, eq(users.id, mailSchedules.userId))
      .where(sql`${mailSchedules.dueAt} <= ${now ?? sql`now()`}`)
      .orderBy(mailSchedules.dueAt)
      .limit(BATCH)
      .for("update", { of: mailSchedules, skipLocked: true });
    let queued = 0;
    for (const row of rows) {
      const unread = await findUnreadForMail(tx, row.userId, row.mailedThrough);
      const decidedAt = now ?? row.databaseNow;
      const step = nextStep(row, unread, decidedAt, settings);
      if ("dueAt" in step) {
        await tx.update(mailSchedules).set({ dueAt: step.dueAt }).where(eq(mailSchedules.userId, row.userId));
        continue;
      }
      await tx
        .update(mailSchedules)
        .set({ dueAt: null, mailedThrough: unread.lastAt, ...(step.send === "away" ? { lastAwayMailAt: decidedAt } : { lastDigestAt: decidedAt }) })
        .where(eq(mailSchedules.userId, row.userId));
      await queue(tx, { kind: step.send, userId: row.userId, username: row.username, email: row.email!, unread });
      queued++;
    }
    return queued;
  });
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
