import type { Db } from "../db/client";
import { createVerificationToken } from "../commands/email-verification";
import type { Mailer } from "./mailer";
import { verificationMail, type MailSite } from "./templates";

/** Stores a verification token for the member's address and mails its link there (after the caller's answer). */
export async function mailVerificationLink(db: Db, mailer: Mailer, site: MailSite, member: { id: number; username: string; email: string }): Promise<void> {
  const token = await createVerificationToken(db, member.id, member.email);
  mailer.send({ to: member.email, ...verificationMail(site, member.username, token) });
}
