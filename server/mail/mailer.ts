import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";

import type { Mail, MailQueue } from "../commands/mail-outbox";

export type { Mail };

/** What the file outbox keeps beside each .eml, so /admin/mail lists and shows mail without parsing MIME. */
export interface OutboxEntry {
  to: string;
  recipientId?: number;
  subject: string;
  date: string;
  text: string;
}

/** What commands and routes hand mail to (docs/decisions/046-mail-outbox.md). */
export interface Mailer extends MailQueue {
  /** DATA_DIR/mail when mail is written to files (no SMTP_URL); undefined when it goes out through SMTP_URL. */
  outboxDir: string | undefined;
}

/** The delivery step the outbox's job runs for each mail. */
export interface MailTransport {
  /**
   * Hands the mail to SMTP_URL's server (resolves on its 250), or writes it to DATA_DIR/mail; throws
   * when that fails. `messageKey` makes its Message-ID, the same on every attempt.
   */
  deliver(mail: Mail, messageKey: string): Promise<void>;
  outboxDir: string | undefined;
}

/** The host of PUBLIC_URL, or localhost: the default sender's and every Message-ID's domain. */
const mailHost = (config: Pick<Config, "PUBLIC_URL">) => (config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : "localhost");

/** `MAIL_FROM`, or `{SITE_NAME} <no-reply@{host of PUBLIC_URL or localhost}>`. */
export function mailFrom(config: Pick<Config, "MAIL_FROM" | "SITE_NAME" | "PUBLIC_URL">): string | { name: string; address: string } {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  return { name: config.SITE_NAME, address: `no-reply@${mailHost(config)}` };
}

/** The outbox's file names sort by when the mail was written, newest last. */
const outboxName = () => `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;

/**
 * One delivery, bounded: a server that does not answer fails the attempt, which is retried later,
 * rather than holding the job (and a worker) for good.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export function createMailTransport(config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SITE_NAME" | "PUBLIC_URL" | "DATA_DIR">): MailTransport {
  const from = mailFrom(config);
  const host = mailHost(config);
  const outboxDir = config.SMTP_URL ? undefined : path.join(config.DATA_DIR, "mail");
  // Without SMTP_URL, nodemailer still builds the whole message (MIME, headers); it is written to a file.
  const transport = config.SMTP_URL
    ? nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    outboxDir,
    async deliver(mail, messageKey) {
      const messageId = `<${messageKey}@${host}>`;
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, messageId });
      if (!outboxDir) return;
      const name = outboxName();
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      await writeFile(path.join(outboxDir, `${name}.eml`), info.message as Buffer, { mode: 0o600 });
      const entry: OutboxEntry = { to: mail.to, recipientId: mail.recipientId, subject: mail.subject, date: new Date().toISOString(), text: mail.text };
      await writeFile(path.join(outboxDir, `${name}.json`), JSON.stringify(entry), { mode: 0o600 });
    },
  };
}
