import { z } from "zod";
import type { SealedBox } from "../auth/sealed-box";
import type { JobHandler } from "../jobs/worker";
import type { Logger } from "../logger";
import type { Mail, MailTransport } from "./mailer";

const sendMailPayload = z.object({
  sealedMail: z.string(),
  /** Its Message-ID's key when it was queued before the job queue (its outbox row's). */
  messageKey: z.string().optional(),
});

/**
 * The job that sends one mail of the outbox (docs/decisions/046-mail-outbox.md), run by whichever
 * process's worker takes it: delivered with no transaction open, then the job is done. A failure
 * (the mail server refused or is away) is retried with the job queue's backoff and kept as failed
 * after the last attempt. A process dying after the server accepted a mail and before the job is
 * done sends it again: at least once, with the same Message-ID each time (from the job's id and
 * time) so receivers can drop the copy.
 */
export function sendMail({ transport, box, logger }: { transport: MailTransport; box: SealedBox; logger: Logger }): JobHandler {
  return async (payload, job) => {
    const { sealedMail, messageKey } = sendMailPayload.parse(payload);
    const opened = box.open(sealedMail);
    // Sealed under another session secret: a process started with the right one may still send it.
    if (opened === null) throw new Error("The mail cannot be opened: was SESSION_SECRET changed?");
    const mail = JSON.parse(opened) as Mail;
    await transport.deliver(mail, messageKey ?? `outbox-${job.id}.${job.created_at.getTime()}`);
    logger.info({ jobId: job.id, subject: mail.subject, attempts: job.attempts }, "Mail sent");
  };
}
