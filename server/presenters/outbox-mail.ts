import type { OutboxMail, OutboxMailItem } from "@shared/types";
import type { OutboxItem } from "../mail/outbox";
import type { OutboxEntry } from "../mail/mailer";

export function presentOutboxItem(item: OutboxItem): OutboxMailItem {
  return { id: item.id, to: item.to, subject: item.subject, date: item.date };
}

/** A mailed link's token (`…/reset-password?token=…`): whoever holds it acts as the member it was mailed to. */
const MAILED_TOKEN = /([?&]token=)[^\s&#]+/g;
export const MASKED_TOKEN = "••••";

/**
 * One mail with its text. An administrator reads the tokens of their own mail only: anyone else's
 * (a password reset, a verification, an unsubscribe link) is shown masked.
 */
export function presentOutboxMail(mail: OutboxEntry & { id: string }, viewer: { id: number }): OutboxMail {
  const own = mail.recipientId === viewer.id;
  return { ...presentOutboxItem(mail), text: own ? mail.text : mail.text.replace(MAILED_TOKEN, `$1${MASKED_TOKEN}`) };
}
