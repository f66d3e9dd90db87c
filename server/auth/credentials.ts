import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { lower } from "../db/schema/columns";
import { users } from "../db/schema";
import { liveMember } from "../queries/live-member";
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
 * and learns its place in the series. Only the first 5 of a series are checked:
 * - An attempt counted later is not checked at all (so its answer cannot tell a right guess from a
 *   wrong one). It waits for the attempts ahead of it: a lock refuses it (429); a success among them
 *   starts a new series, in which it is counted again. Only a right password resets the series, so
 *   a burst of guesses gets 5 checks, and none of it past the 5th wrong one gets in.
 * - A wrong password locks when its place is the 5th, unless a success reset the series meanwhile:
 *   a right password still in its check does not make a wrong one the 5th.
 * - A right password signs in if the account is still unlocked when the count is reset.
 */
export function createCredentialChecker(db: Db, bcryptCost: number) {
  let dummyHash: Promise<string> | undefined;
  const timingDecoy = () => (dummyHash ??= hashPassword("timing decoy for unknown usernames", bcryptCost));

  return async function checkCredentials(username: string, password: string): Promise<SessionUser> {
    const [found] = await db
      .select({ user: sessionUserColumns, hash: users.password })
      .from(users)
      .where(and(eq(lower(users.username), sql`lower(${username})`), liveMember));
    if (!found) {
      await verifyPassword(password, await timingDecoy());
      throw unauthorized(INVALID_CREDENTIALS);
    }
    const { user, hash } = found;
    // With two-factor sign-in on, a right password is only the first step: it is not counted as a
    // failure, but neither does it reset the count (the second step's wrong codes add to it).
    const onSuccess = user.twoFactorEnabled ? uncountWhileUnlocked : resetWhileUnlocked;
    if (await countedAttempt(db, user.id, () => verifyPassword(password, hash), onSuccess)) return user;
    throw unauthorized(INVALID_CREDENTIALS);
  };
}

/**
 * The second step of a sign-in (POST /api/auth/login/2fa): a code checked under the same lockout
 * as passwords, counted before it is checked; only a right one completes the sign-in and resets the count.
 */
export function checkSecondStep(db: Db, userId: number, check: () => Promise<boolean>): Promise<boolean> {
  return countedAttempt(db, userId, check, resetWhileUnlocked);
}

/**
 * One attempt under the lockout: counted first (429 while locked or past the 5th of a burst), then
 * checked; a right one is settled by `onSuccess` (false: a lock came first, 429), a wrong one may lock.
 */
async function countedAttempt(db: Db, userId: number, check: () => Promise<boolean>, onSuccess: (db: Db, userId: number) => Promise<boolean>) {
  const place = await placeToCheck(db, userId);
  const checkStarted = Date.now();
  if (await check()) {
    if (!(await onSuccess(db, userId))) throw await currentRefusal(db, userId);
    return true;
  }
  await lockIfDue(db, userId, place, Date.now() - checkStarted);
  return false;
}

/**
 * POST /api/auth/confirm: a signed-in member's password, under the sign-in lockout: a wrong one
 * counts towards it, a right one resets the count, and while locked every attempt is 429.
 */
export function checkConfirmation(db: Db, userId: number, password: string): Promise<boolean> {
  return countedAttempt(db, userId, () => isCurrentPassword(db, userId, password), resetWhileUnlocked);
}

/**
 * A passkey's answer (POST /api/auth/passkey/login, or /api/auth/confirm with a passkey) for the
 * member it belongs to, under the sign-in lockout like a password: a failed one counts towards it, a
 * right one resets the count, and while locked every attempt is 429. `check` must not throw.
 */
export function checkPasskey(db: Db, userId: number, check: () => Promise<boolean>): Promise<boolean> {
  return countedAttempt(db, userId, check, resetWhileUnlocked);
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

/**
 * Counts the attempt and answers its place in the series, once it is among the first 5 (the ones
 * whose password is checked). Counted later, it waits for the attempts ahead of it: a lock refuses
 * it, a success among them starts a new series in which it is counted again. Should neither come in
 * time, an attempt ahead failed midway (a lost connection, a stopped process) before it could lock;
 * the lock is set then, so the account is not left refusing every attempt with no lock to run out.
 */
async function placeToCheck(db: Db, userId: number): Promise<number> {
  for (;;) {
    const attempt = await countAttempt(db, userId);
    if (attempt.lockedUntil) throw lockedError(attempt.lockedUntil);
    if (attempt.place <= MAX_FAILED_LOGINS) return attempt.place;
    const outcome = await seriesAfter(db, userId, attempt.place, WAIT_FOR_AHEAD_MS);
    if (outcome === "reset") continue;
    if (outcome === "undecided") await lock(db, userId, attempt.place);
    throw await currentRefusal(db, userId);
  }
}

/**
 * A wrong password counted 5th locks the account, unless a success reset the series after it was
 * counted (the count fell below its place): it is then not the 5th wrong one in a row. The attempts
 * ahead of it began their checks earlier, so it gives them as long as its own check took (at most a
 * second) to end in a success first.
 */
async function lockIfDue(db: Db, userId: number, place: number, checkMs: number) {
  if (place < MAX_FAILED_LOGINS) return;
  if ((await seriesAfter(db, userId, place, Math.min(checkMs, 1_000))) === "undecided") await lock(db, userId, place);
}

/** Locks the account for 15 minutes, unless a success reset the series counted up to `place` or a lock is on. */
async function lock(db: Db, userId: number, place: number) {
  await db
    .update(users)
    .set({ lockedUntil: sql`now() + make_interval(mins => ${LOCKOUT_MINUTES})` })
    .where(and(eq(users.id, userId), sql`${users.failedLoginAttempts} >= ${place}`, sql`NOT (${lockActive})`));
}

/** How long an attempt counted after the 5th waits for the checks ahead of it. */
const WAIT_FOR_AHEAD_MS = 3_000;
const POLL_MS = 50;

/**
 * What became of the series an attempt was counted in at `place`, waiting up to `waitMs` for the
 * attempts ahead of it to end their checks: "reset" when a success came since (the count fell below
 * its place), "locked" when the account locked, "undecided" when neither happened in time.
 */
async function seriesAfter(db: Db, userId: number, place: number, waitMs: number): Promise<"reset" | "locked" | "undecided"> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [row] = await db
      .select({ count: users.failedLoginAttempts, locked: sql<boolean>`${lockActive}` })
      .from(users)
      .where(eq(users.id, userId));
    if (!row || row.locked) return "locked";
    if (row.count < place) return "reset";
    if (Date.now() >= deadline) return "undecided";
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
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

/** A right password before a second step: takes its own count back (it was no failure) unless a lock came first. */
async function uncountWhileUnlocked(db: Db, userId: number): Promise<boolean> {
  const uncounted = await db
    .update(users)
    .set({ failedLoginAttempts: sql`greatest(${users.failedLoginAttempts} - 1, 0)` })
    .where(and(eq(users.id, userId), sql`NOT (${lockActive})`))
    .returning({ id: users.id });
  return uncounted.length > 0;
}

/** Why an attempt was refused after all: the lock that came first (or the account is gone). */
async function currentRefusal(db: Db, userId: number) {
  const [row] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, userId));
  if (!row) return unauthorized(INVALID_CREDENTIALS);
  return lockedError(row.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : new Date(Date.now() + LOCKOUT_MINUTES * 60_000));
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
