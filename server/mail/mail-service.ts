import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Listener } from "../db/listener";
import type { Logger } from "../logger";
import { createMailer, type Mailer } from "./mailer";
import { startMailScheduler, type MailScheduler } from "./scheduler";
import { UnsubscribeTokens } from "./unsubscribe-token";

export interface MailService {
  mailer: Mailer;
  scheduler: MailScheduler;
  unsubscribeTokens: UnsubscribeTokens;
  /** Stops the scheduler and waits for the mail handed over so far. */
  close(): Promise<void>;
}

/**
 * The app's mail: the mailer, the unsubscribe tokens and the scheduler. Scheduled mails have no
 * request to take the site's origin from: their links use PUBLIC_URL, or this server on localhost.
 */
export function createMail({ db, listener, config, logger, sessionSecret }: { db: Db; listener: Listener; config: Config; logger: Logger; sessionSecret: string }): MailService {
  const mailer = createMailer(config, logger);
  // A password reset asked for with a forged Host would otherwise mail its owner a link to that host.
  if (config.SMTP_URL && !config.PUBLIC_URL) logger.warn("SMTP_URL is set without PUBLIC_URL: mailed links follow each request's Host header; set PUBLIC_URL");
  const unsubscribeTokens = new UnsubscribeTokens(sessionSecret);
  const site = { origin: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`, name: config.SITE_NAME };
  const settings = { awayMinutes: config.EMAIL_AWAY_MINUTES, digestHour: config.EMAIL_DIGEST_HOUR };
  const scheduler = startMailScheduler({ db, listener, mailer, unsubscribeTokens, settings, site, logger });
  return {
    mailer,
    scheduler,
    unsubscribeTokens,
    async close() {
      await scheduler.close();
      await mailer.idle();
    },
  };
}
