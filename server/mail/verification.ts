import type { Db } from "../db/client";
import { queueVerificationMail } from "../commands/email-verification";
import type { Mailer } from "./mailer";
import { verificationMail, type MailSite } from "./templates";

/** Stores a verification token for the member's address and queues its link there, in one transaction. */
export async function mailVerificationLink(db: Db, mailer: Pick<Mailer, "queue">, site: MailSite, member: { id: number; username: string; email: string }): Promise<void> {
  await queueVerificationMail(db, mailer, member.id, member.email, (token) => ({ to: member.email, recipientId: member.id, ...verificationMail(site, member.username, token) }));
}
