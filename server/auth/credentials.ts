import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { lower } from "../db/schema/columns";
import { users } from "../db/schema";
import { HttpError, unauthorized } from "../errors";
import { hashPassword, verifyPassword } from "./password";
import type { SessionUser } from "./session-user";

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;
export const INVALID_CREDENTIALS = "Invalid username or password";

/**
 * Checks a username and password with the lockout rules of docs/product.md "Accounts and sessions": the 5th failure in a row
 * still answers 401 and locks the account for 15 minutes; while locked every attempt is 429, even
 * with the right password; a success resets the count. Unknown usernames cost the same bcrypt work.
 */
export function createCredentialChecker(db: Db, bcryptCost: number) {
  let dummyHash: Promise<string> | undefined;
  const timingDecoy = () => (dummyHash ??= hashPassword("timing decoy for unknown usernames", bcryptCost));

  return async function checkCredentials(username: string, password: string): Promise<SessionUser> {
    const [user] = await db.select().from(users).where(eq(lower(users.username), sql`lower(${username})`));
    if (!user) {
      await verifyPassword(password, await timingDecoy());
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (user.lockedUntil && user.lockedUntil > new Date()) throw lockedError(user.lockedUntil);

    if (await verifyPassword(password, user.password)) {
      if (user.failedLoginAttempts > 0 || user.lockedUntil) {
        await db.update(users).set({ failedLoginAttempts: 0, lockedUntil: null }).where(eq(users.id, user.id));
      }
      return { ...user, failedLoginAttempts: 0, lockedUntil: null };
    }
    await recordFailure(db, user.id);
    throw unauthorized(INVALID_CREDENTIALS);
  };
}

/** One atomic statement, so parallel failures all count; a lock that has run out starts a new series. */
async function recordFailure(db: Db, userId: number) {
  const expired = sql`${users.lockedUntil} IS NOT NULL AND ${users.lockedUntil} <= now()`;
  const attempts = sql`CASE WHEN ${expired} THEN 1 ELSE ${users.failedLoginAttempts} + 1 END`;
  await db
    .update(users)
    .set({
      failedLoginAttempts: attempts,
      lockedUntil: sql`CASE WHEN ${attempts} >= ${MAX_FAILED_LOGINS} THEN now() + make_interval(mins => ${LOCKOUT_MINUTES}) WHEN ${expired} THEN NULL ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, userId));
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
