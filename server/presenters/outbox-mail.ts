import type { OutboxMail, OutboxMailItem } from "@shared/types";
import type { OutboxItem } from "../mail/outbox";
import type { OutboxEntry } from "../mail/mailer";

export function presentOutboxItem(item: OutboxItem): OutboxMailItem {
  return { id: item.id, to: item.to, subject: item.subject, date: item.date };
}

export function presentOutboxMail(mail: OutboxEntry & { id: string }): OutboxMail {
  return { ...presentOutboxItem(mail), text: mail.text };
}
