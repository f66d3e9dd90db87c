import type { z } from "zod";
import type { outboxMailListSchema, outboxMailSchema } from "../schemas/answers/mail";
/** One mail of the file outbox, as GET /api/admin/mail lists it (newest first). */
export type OutboxMailItem = OutboxMailList["mails"][number];

/** GET /api/admin/mail. */
export type OutboxMailList = z.output<typeof outboxMailListSchema>;

/** GET /api/admin/mail/{id}: the mail with its plain-text part. */
export type OutboxMail = z.output<typeof outboxMailSchema>;
