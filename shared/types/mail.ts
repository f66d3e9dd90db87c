/** One mail of the file outbox, as GET /api/admin/mail lists it (newest first). */
export interface OutboxMailItem {
  id: string;
  to: string;
  subject: string;
  date: string;
}

/** GET /api/admin/mail. */
export interface OutboxMailList {
  mails: OutboxMailItem[];
}

/** GET /api/admin/mail/{id}: the mail with its plain-text part. */
export interface OutboxMail extends OutboxMailItem {
  text: string;
}
