import type { SealedBox } from "../auth/sealed-box";
import { claimMail, MAIL_OUTBOX_CHANNEL, mailFailed, mailSent, type ClaimedMail } from "../commands/mail-outbox";
import type { Db } from "../db/client";
import type { Listener } from "../db/listener";
import type { Logger } from "../logger";
import type { Mail, MailTransport } from "./mailer";
import { SerialRuns } from "./serial-runs";

/** How often a process looks for due mail without being woken: retries, and mail a dead process left. */
export const MAIL_SEND_POLL_MS = 5_000;

export interface MailSender {
  /** Sends every mail due at `now` (tests: a later clock), after the run under way: each is attempted once. */
  run(now?: Date): Promise<void>;
  /** Stops claiming; resolves once the sends under way are done. */
  close(): Promise<void>;
}

/**
 * Sends the outbox (mail_outbox, docs/decisions/046-mail-outbox.md) in every process: woken at the
 * commit of a queued mail (NOTIFY mail_outbox), every MAIL_SEND_POLL_MS, and at start. Each mail is
 * claimed by one process (claimMail), delivered with no transaction open, then deleted; a failure
 * is retried with backoff until it is given up, kept and logged as an error. A process dying
 * after the server accepted a mail and before deleting it sends it again once its lease runs out:
 * at least once, with the same Message-ID each time so receivers can drop the copy.
 */
export function startMailSender({ db, listener, transport, box, logger }: { db: Db; listener: Listener; transport: MailTransport; box: SealedBox; logger: Logger }): MailSender {
  const deliver = async (claimed: ClaimedMail, now?: Date) => {
    const opened = box.open(claimed.sealedMail);
    const mail = opened === null ? undefined : (JSON.parse(opened) as Mail);
    const about = { mailId: claimed.id, subject: mail?.subject, attempts: claimed.attempts };
    try {
      try {
        // Sealed under another session secret: no attempt will ever read it.
        if (!mail) throw new Error("The mail cannot be opened: was SESSION_SECRET changed?");
        await transport.deliver(mail, `outbox-${claimed.id}.${claimed.createdMs}`);
      } catch (error) {
        const message = (error as Error).message;
        if (await mailFailed(db, claimed, message, { now, giveUp: !mail })) logger.error({ ...about, error: message }, "Mail given up: kept in mail_outbox as failed");
        else logger.warn({ ...about, error: message }, "Mail could not be sent: it will be retried");
        return;
      }
      await mailSent(db, claimed.id);
      logger.info(about, "Mail sent");
    } catch (error) {
      // The outbox could not be written: the lease gives the mail back, to be sent (again).
      logger.warn({ ...about, error: (error as Error).message }, "Mail outbox update failed");
    }
  };

  const runs = new SerialRuns(async (now) => {
    try {
      // One at a time, each claimed just before it is sent: the lease covers one delivery, and a
      // process's mail goes out in the order it was queued.
      let claimed: ClaimedMail | undefined;
      while (!runs.closed && (claimed = await claimMail(db, now))) await deliver(claimed, now);
    } catch (error) {
      logger.warn({ error: (error as Error).message }, "Claiming mail failed");
    }
  });
  const wake = () => runs.wake();

  // Told after every (re)connection too (`listening`): a wake-up may have been missed meanwhile.
  // Never unsubscribed: the listener closes with the app, and a closed sender ignores it.
  void listener.subscribe(MAIL_OUTBOX_CHANNEL, { notify: wake, listening: wake });
  const timer = setInterval(wake, MAIL_SEND_POLL_MS).unref();
  wake();
  return {
    run: (now) => runs.run(now),
    close() {
      clearInterval(timer);
      return runs.close();
    },
  };
}
