import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { RESET_PASSWORD_MINUTES } from "@shared/schemas/email";
import type { Db } from "../db/client";
import { emailTokens, users } from "../db/schema";
import type { Mail, MailQueue } from "./mail-outbox";
import { disconnectUser } from "../presence/control";
import { revokeAccessTokensOf } from "./access-tokens";
import { endSessionsOf } from "./end-sessions";
import { useUpMailedToken } from "./use-mailed-token";

/** Reset mails a member gets in an hour, however often a reset is asked for (docs/product.md "Email"). */
export const RESET_MAILS_PER_HOUR = 5;

export interface ResetRecipient {
  id: number;
  username: string;
  email: string;
}

/**
 * POST /api/auth/forgot-password: stores the token's hash for the member `login` names (a username,
 * or a verified address when it holds an @), unless they had RESET_MAILS_PER_HOUR links this hour,
 * and queues their mail (`resetMail`) in the same transaction. The same three statements run
 * whether or not anyone is found, so the time taken tells nothing. The member's row is locked while
 * their links are counted: two requests at once cannot both take the last place.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: MailQueue,
  login: string,
  tokenHash: string,
  resetMail: (recipient: ResetRecipient) => Mail,
): Promise<void> {
  const named = login.includes("@") ? sql`lower(${users.email}) = lower(${login})` : sql`lower(${users.username}) = lower(${login})`;
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(and(named, eq(users.emailVerified, true), sql`${users.email} IS NOT NULL`, isNull(users.deletedAt)))
      .orderBy(users.id)
      .limit(1)
      .for("no key update");
    const userId = member?.id ?? null;
    const inserted = await tx.execute(sql`
      INSERT INTO email_tokens (user_id, purpose, token_hash, email)
      SELECT ${userId}::int, 'reset', ${tokenHash}, ${member?.email ?? ""}
      WHERE ${userId}::int IS NOT NULL AND (
        SELECT count(*) FROM email_tokens
        WHERE user_id = ${userId}::int AND purpose = 'reset' AND created_at > now() - interval '1 hour') < ${RESET_MAILS_PER_HOUR}
      RETURNING id`);
    const recipient = inserted.rows.length && member ? { id: member.id, username: member.username, email: member.email! } : undefined;
    await mailer.queue(tx, recipient ? resetMail(recipient) : null);
  });
}

/**
 * POST /api/auth/reset-password: in one transaction, uses up the token and every older one of the
 * member's, sets the password, ends every session and socket of theirs and revokes their access
 * tokens; a reset also lifts a sign-in lockout. False for an unknown, used or expired token.
 */
export async function resetPassword(db: Db, tokenHash: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await useUpMailedToken(tx, tokenHash, "reset", sql`make_interval(mins => ${RESET_PASSWORD_MINUTES})`);
    if (!used) return false;
    const { userId } = used;
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, "reset"), lt(emailTokens.id, used.id), isNull(emailTokens.usedAt)));
    const changed = await tx
      .update(users)
      .set({ password: passwordHash, failedLoginAttempts: 0, lockedUntil: null })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!changed.length) return false;
    await endSessionsOf(tx, userId);
    await disconnectUser(tx, userId);
    await revokeAccessTokensOf(tx, userId);
    return true;
  });
}
