import { z } from "zod";
import { isoTimeSchema } from "./common";

const outboxMailFields = { id: z.string(), to: z.string(), subject: z.string(), date: isoTimeSchema };

/** GET /api/admin/mail: the file outbox, newest first. */
export const outboxMailListSchema = z
  .strictObject({ mails: z.array(z.strictObject(outboxMailFields).meta({ id: "OutboxMailItem" })) })
  .meta({ id: "OutboxMailList" });

/** GET /api/admin/mail/{id}: one mail with its plain-text part. */
export const outboxMailSchema = z.strictObject({ ...outboxMailFields, text: z.string() }).meta({ id: "OutboxMail" });
