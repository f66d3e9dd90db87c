import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { Logger } from "../logger";

/** One mail: every mail has a plain-text and an HTML part (docs/product.md "Reach"). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** What the file outbox keeps beside each .eml, so /admin/mail lists and shows mail without parsing MIME. */
export interface OutboxEntry {
  to: string;
  subject: string;
  date: string;
  text: string;
}

export interface Mailer {
  /**
   * Sends the mail in the background: never throws and never holds up the caller (a request answers
   * first); a failure is logged. Call it after the transaction that caused the mail has committed.
   */
  send(mail: Mail): void;
  /** Resolves once every mail handed over so far went out or failed: shutdown and tests. */
  idle(): Promise<void>;
  /** DATA_DIR/mail when mail is written to files (no SMTP_URL); undefined when it goes out through SMTP_URL. */
  outboxDir: string | undefined;
}

/** `MAIL_FROM`, or `{SITE_NAME} <no-reply@{host of PUBLIC_URL or localhost}>`. */
export function mailFrom(config: Pick<Config, "MAIL_FROM" | "SITE_NAME" | "PUBLIC_URL">): string | { name: string; address: string } {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : "localhost";
  return { name: config.SITE_NAME, address: `no-reply@${host}` };
}

/** The outbox's file names sort by when the mail was written, newest last. */
const outboxName = () => `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;

export function createMailer(config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SITE_NAME" | "PUBLIC_URL" | "DATA_DIR">, logger: Logger): Mailer {
  const from = mailFrom(config);
  const outboxDir = config.SMTP_URL ? undefined : path.join(config.DATA_DIR, "mail");
  // Without SMTP_URL, nodemailer still builds the whole message (MIME, headers); it is written to a file.
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const pending = new Set<Promise<void>>();

  const deliver = async (mail: Mail) => {
    // After the caller's turn: its answer is not held up by building the message.
    await new Promise((resolve) => setImmediate(resolve));
    const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    if (!outboxDir) return;
    const name = outboxName();
    await mkdir(outboxDir, { recursive: true, mode: 0o700 });
    await writeFile(path.join(outboxDir, `${name}.eml`), info.message as Buffer, { mode: 0o600 });
    const entry: OutboxEntry = { to: mail.to, subject: mail.subject, date: new Date().toISOString(), text: mail.text };
    await writeFile(path.join(outboxDir, `${name}.json`), JSON.stringify(entry), { mode: 0o600 });
  };

  return {
    outboxDir,
    send(mail) {
      const delivery = deliver(mail)
        .then(() => logger.info({ subject: mail.subject }, "Mail sent"))
        .catch((error: Error) => logger.error({ error: error.message, subject: mail.subject }, "Mail could not be sent"))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      while (pending.size) await Promise.all(pending);
    },
  };
}
