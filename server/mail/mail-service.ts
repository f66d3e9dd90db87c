import { SealedBox } from "../auth/sealed-box";
import { queueMail } from "../commands/mail-outbox";
import { pruneMailedTokens } from "../commands/mail-schedule";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { JobHandler } from "../jobs/worker";
import type { Logger } from "../logger";
import { TASKS } from "../jobs/tasks";
import { sendMail } from "./mail-sender";
import { createMailTransport, type Mailer } from "./mailer";
import { mailSite } from "./templates";
import { createMailScheduler, type MailScheduler } from "./scheduler";
import { UnsubscribeTokens } from "./unsubscribe-token";

export interface MailService {
  mailer: Mailer;
  scheduler: MailScheduler;
  unsubscribeTokens: UnsubscribeTokens;
  /** Mail's background jobs, for the process's job worker, and its recurring ones (crontab lines). */
  tasks: Record<string, JobHandler>;
  crontab: string;
}

/** The app's mail: the mailer (the outbox and its sender), the unsubscribe tokens and the scheduler. */
export function createMail({ db, config, logger, sessionSecret }: { db: Db; config: Config; logger: Logger; sessionSecret: string }): MailService {
  const transport = createMailTransport(config);
  // Queued mail carries working links: it is kept sealed under a key of its own from the session secret.
  const box = new SealedBox(sessionSecret, "mail outbox encryption");
  const mailer: Mailer = {
    outboxDir: transport.outboxDir,
    queue: (tx, mail) => queueMail(tx, mail && box.seal(JSON.stringify(mail))),
  };
  const unsubscribeTokens = new UnsubscribeTokens(sessionSecret);
  const site = mailSite(config);
  const settings = { awayMinutes: config.EMAIL_AWAY_MINUTES, digestHour: config.EMAIL_DIGEST_HOUR };
  const scheduler = createMailScheduler({ db, mailer, unsubscribeTokens, settings, site });
  return {
    mailer,
    scheduler,
    unsubscribeTokens,
    tasks: {
      [TASKS.sendMail]: sendMail({ transport, box, logger }),
      [TASKS.mailSchedule]: scheduler.task,
      [TASKS.pruneMailedTokens]: () => pruneMailedTokens(db),
    },
    // Hourly: a token is kept a day past its use, for the cap on reset mails; later is only tidier.
    crontab: `0 * * * * ${TASKS.pruneMailedTokens}`,
  };
}
