import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { endSessionsOf } from "./end-sessions";
import { revokeAccessTokensOf } from "./access-tokens";

/**
 * `cli reset-password`: the operator hands a member a temporary password. It unlocks the account and,
 * since whoever knew the old password may still hold a session or a token made with it, ends every
 * session and revokes every token, in one transaction.
 */
export async function setTemporaryPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: passwordHash, failedLoginAttempts: 0, lockedUntil: null }).where(eq(users.id, userId));
    await endSessionsOf(tx, userId);
    await revokeAccessTokensOf(tx, userId);
  });
}
