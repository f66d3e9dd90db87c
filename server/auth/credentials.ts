import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { lower } from "../db/schema/columns";
import { users } from "../db/schema";
import { HttpError, unauthorized } from "../errors";
import { hashPassword, verifyPassword } from "./password";
import { sessionUserColumns, type SessionUser } from "./session-user";

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;
export const INVALID_CREDENTIALS = "Invalid username or password";

/**
 * Checks a username and password with the lockout rules of docs/product.md "Accounts and sessions": the 5th failure in a row
 * still answers 401 and locks the account for 15 minutes; while locked every attempt is 429, even
 * with the right password; a success resets the count. Unknown usernames cost the same bcrypt work.
 *
 * Parallel attempts: each attempt is counted in one atomic statement BEFORE its password is checked,
 * and learns its place in the series. A right password signs in only when fewer than 5 attempts were
 * counted before it and the account is still unlocked when the count is reset, so of a burst of
 * wrong passwords none counted after the 5th lets a right one through.
 */
export function createCredentialChecker(db: Db, bcryptCost: number) {
  let dummyHash: Promise<string> | undefined;
  const timingDecoy = () => (dummyHash ??= hashPassword("timing decoy for unknown usernames", bcryptCost));

  return async function checkCredentials(username: string, password: string): Promise<SessionUser> {
    const [found] = await db
      .select({ user: sessionUserColumns, hash: users.password })
      .from(users)
      .where(eq(lower(users.username), sql`lower(${username})`));
    if (!found) {
      await verifyPassword(password, await timingDecoy());
      throw unauthorized(INVALID_CREDENTIALS);
    }
    const { user, hash } = found;
    const attempt = await countAttempt(db, user.id);
    if (attempt.lockedUntil) throw lockedError(attempt.lockedUntil);

    if (await verifyPassword(password, hash)) {
      if (attempt.place > MAX_FAILED_LOGINS) throw lockedError(new Date(Date.now() + LOCKOUT_MINUTES * 60_000));
      if (!(await resetWhileUnlocked(db, user.id))) throw await currentRefusal(db, user.id);
      return user;
    }
    await lockIfDue(db, user.id);
    throw unauthorized(INVALID_CREDENTIALS);
  };
}

/** The current-password check of a signed-in member changing it: the one read of a hash outside sign-in. */
export async function isCurrentPassword(db: Db, userId: number, password: string): Promise<boolean> {
  const [row] = await db.select({ hash: users.password }).from(users).where(eq(users.id, userId));
  return row !== undefined && verifyPassword(password, row.hash);
}

const lockActive = sql`${users.lockedUntil} IS NOT NULL AND ${users.lockedUntil} > now()`;
const lockExpired = sql`${users.lockedUntil} IS NOT NULL AND ${users.lockedUntil} <= now()`;

/**
 * Counts the attempt (also while locked, so a burst counts in full); a lock that has run out starts a
 * new series. Answers the attempt's place in the series and the lock in force, if any.
 */
async function countAttempt(db: Db, userId: number): Promise<{ place: number; lockedUntil: Date | null }> {
  const [row] = await db
    .update(users)
    .set({
      failedLoginAttempts: sql`CASE WHEN ${lockExpired} THEN 1 ELSE ${users.failedLoginAttempts} + 1 END`,
      lockedUntil: sql`CASE WHEN ${lockExpired} THEN NULL ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, userId))
    .returning({ place: users.failedLoginAttempts, lockedUntil: users.lockedUntil });
  return row ?? { place: 1, lockedUntil: null };
}

/** A wrong password: the series' 5th counted attempt (or a later one) locks the account. */
async function lockIfDue(db: Db, userId: number) {
  await db
    .update(users)
    .set({ lockedUntil: sql`now() + make_interval(mins => ${LOCKOUT_MINUTES})` })
    .where(and(eq(users.id, userId), sql`${users.failedLoginAttempts} >= ${MAX_FAILED_LOGINS}`, sql`NOT (${lockActive})`));
}

/** A right password: resets the count unless a lock came first. */
async function resetWhileUnlocked(db: Db, userId: number): Promise<boolean> {
  const reset = await db
    .update(users)
    .set({ failedLoginAttempts: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), sql`NOT (${lockActive})`))
    .returning({ id: users.id });
  return reset.length > 0;
}

/** Why a right password was refused after all: the lock that came first (or the account is gone). */
async function currentRefusal(db: Db, userId: number) {
  const [row] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, userId));
  return row?.lockedUntil ? lockedError(row.lockedUntil) : unauthorized(INVALID_CREDENTIALS);
}

function lockedError(lockedUntil: Date) {
  const seconds = Math.ceil((lockedUntil.getTime() - Date.now()) / 1000);
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    429,
    `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retryAfterSeconds: seconds },
    { "Retry-After": String(seconds) },
  );
}
