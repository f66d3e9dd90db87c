import type { Db } from "../db/client";
import type { Listener } from "../db/listener";
import type { Logger } from "../logger";
import { MAIL_DUE_CHANNEL, takeDueMails, takeWakeups, type DueMail, type MailScheduleSettings } from "../commands/mail-schedule";
import { presentNotification } from "../presenters/notification";
import type { Mailer } from "./mailer";
import { SerialRuns } from "./serial-runs";
import { unreadMail, type MailSite } from "./templates";
import type { UnsubscribeTokens } from "./unsubscribe-token";

/** How often a process looks for schedules that came due (a delay or an hour ran out). */
export const MAIL_POLL_MS = 15_000;

export interface MailScheduler {
  /** Runs now (a wake-up was announced), or after the run under way. */
  wake(): void;
  /** One full run at `now` (tests: a later clock), after the run under way; resolves when its mails are in the outbox. */
  run(now?: Date): Promise<void>;
  /** Stops after the run under way, if any. */
  close(): Promise<void>;
}

/**
 * Away mails and digests (docs/decisions/038-email.md), in every process: wake-ups become due
 * schedules, due schedules are claimed with SKIP LOCKED (each member by one process), decided,
 * marked sent and their mails queued in the outbox in one transaction. Runs when a wake-up is
 * announced (NOTIFY mail_due), every MAIL_POLL_MS, and at start.
 */
export function startMailScheduler({
  db,
  listener,
  mailer,
  unsubscribeTokens,
  settings,
  site,
  logger,
}: {
  db: Db;
  listener: Listener;
  mailer: Pick<Mailer, "queue">;
  unsubscribeTokens: UnsubscribeTokens;
  settings: MailScheduleSettings;
  site: MailSite;
  logger: Logger;
}): MailScheduler {
  const queueDue = (tx: Pick<Db, "execute">, mail: DueMail) => {
    const unread = { ...mail.unread, notifications: mail.unread.notifications.map(presentNotification) };
    return mailer.queue(tx, { to: mail.email, recipientId: mail.userId, ...unreadMail(site, mail.kind, mail.username, unread, unsubscribeTokens.make(mail.userId)) });
  };

  const runs = new SerialRuns(async (now) => {
    try {
      while (!runs.closed && (await takeWakeups(db)) > 0);
      while (!runs.closed && (await takeDueMails(db, settings, queueDue, now)) > 0);
    } catch (error) {
      logger.warn({ error: (error as Error).message }, "Mail schedule run failed");
    }
  });
  const wake = () => runs.wake();

  // The listener stops telling it when it closes, after this (app.ts closes the scheduler first).
  void listener.subscribe(MAIL_DUE_CHANNEL, { notify: wake, listening: wake });
  const timer = setInterval(wake, MAIL_POLL_MS).unref();
  wake();
  return {
    wake,
    run: (now) => runs.run(now),
    close() {
      clearInterval(timer);
      return runs.close();
    },
  };
}
