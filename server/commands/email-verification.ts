import { and, eq, sql } from "drizzle-orm";
import { VERIFY_EMAIL_HOURS } from "@shared/schemas/email";
import type { Db } from "../db/client";
import { emailTokens, users } from "../db/schema";
import { wakeMailSchedule } from "./mail-schedule";
import { useUpMailedToken } from "./use-mailed-token";
import { liveMember } from "../queries/live-member";
import { newMailedToken } from "./mailed-token";
import type { Mail, MailQueue } from "./mail-outbox";

/** A verification link's secret for the member's current address (only its hash is stored). */
export async function createVerificationToken(db: Pick<Db, "insert">, userId: number, email: string): Promise<string> {
  const { token, tokenHash } = newMailedToken();
  await db.insert(emailTokens).values({ userId, purpose: "verify", tokenHash, email });
  return token;
}

/** Stores a verification token for `email` and queues the mail with its link (`mailFor`), in one transaction. */
export async function queueVerificationMail(db: Db, mailer: MailQueue, userId: number, email: string, mailFor: (token: string) => Mail): Promise<void> {
  await db.transaction(async (tx) => {
    const token = await createVerificationToken(tx, userId, email);
    await mailer.queue(tx, mailFor(token));
  });
}

/**
 * POST /api/auth/verify-email: uses the token up (single use, VERIFY_EMAIL_HOURS) and marks the
 * address verified, if it is still the member's address. False for an unknown, used or expired
 * token, or one sent to an address the member has since changed.
 */
export async function verifyEmail(db: Db, tokenHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await useUpMailedToken(tx, tokenHash, "verify", sql`make_interval(hours => ${VERIFY_EMAIL_HOURS})`);
    if (!used) return false;
    const verified = await tx
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email), liveMember))
      .returning({ id: users.id });
    if (!verified.length) return false;
    // What is unread already may be mailed about from now on.
    await wakeMailSchedule(tx, used.userId);
    return true;
  });
}
