import { z } from "zod";
import type { Db } from "../db/client";
import { decideMailSchedule, membersWithPendingSchedules, type DueMail, type MailScheduleSettings } from "../commands/mail-schedule";
import type { JobHandler } from "../jobs/worker";
import { presentNotification } from "../presenters/notification";
import type { Mailer } from "./mailer";
import { unreadMail, type MailSite } from "./templates";
import type { UnsubscribeTokens } from "./unsubscribe-token";

export interface MailScheduler {
  /** The job that decides one member's schedule, on the database's clock. */
  task: JobHandler;
  /** Decides every member whose schedule job is waiting, at `now` (tests: a later clock); resolves when their mails are queued. */
  run(now?: Date): Promise<void>;
}

const scheduleJob = z.object({ userId: z.number() });

/**
 * Away mails and digests (docs/decisions/038-email.md) on the job queue: one `mail_schedule` job per
 * member (its key), queued due now by the triggers when something becomes unread or their last
 * socket closes, and by the commands that change their address or choice; the job decides, and
 * queues the mail or itself again for when the mail may go.
 */
export function createMailScheduler({
  db,
  mailer,
  unsubscribeTokens,
  settings,
  site,
}: {
  db: Db;
  mailer: Pick<Mailer, "queue">;
  unsubscribeTokens: UnsubscribeTokens;
  settings: MailScheduleSettings;
  site: MailSite;
}): MailScheduler {
  const queueDue = (tx: Pick<Db, "execute">, mail: DueMail) => {
    const unread = { ...mail.unread, notifications: mail.unread.notifications.map(presentNotification) };
    return mailer.queue(tx, { to: mail.email, recipientId: mail.userId, ...unreadMail(site, mail.kind, mail.username, unread, unsubscribeTokens.make(mail.userId)) });
  };
  return {
    task: async (payload) => {
      await decideMailSchedule(db, settings, queueDue, scheduleJob.parse(payload).userId);
    },
    async run(now) {
      for (const userId of await membersWithPendingSchedules(db)) await decideMailSchedule(db, settings, queueDue, userId, now);
    },
  };
}
