import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { endSessionsOf } from "./end-sessions";
import { revokeAccessTokensOf } from "./access-tokens";

/**
 * PATCH /api/auth/change-password: stores the new password's hash and signs the member out on every
 * other device (all but `currentSessionId`) and revoking every access token, in one transaction: a
 * member changes a password they fear is known, and a token made with it must not outlive it.
 */
export async function changePassword(db: Db, userId: number, passwordHash: string, currentSessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: passwordHash }).where(eq(users.id, userId));
    await endSessionsOf(tx, userId, { except: currentSessionId });
    await revokeAccessTokensOf(tx, userId);
  });
}
