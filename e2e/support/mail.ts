import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";

/** How long a mail may take to be written after the request that sends it answered. */
const MAIL_WAIT_MS = 10_000;

/**
 * The newest mail to `address` in the worker's server outbox (DATA_DIR/mail/*.eml: the server has
 * no SMTP_URL) whose subject matches, waiting for it to be written.
 */
export async function newestMailTo(dataDir: string, address: string, subject: RegExp): Promise<ParsedMail> {
  const dir = path.join(dataDir, "mail");
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith(".eml")).sort().reverse()) {
      const mail = await simpleParser(await readFile(path.join(dir, name)));
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((entry) => entry.value.map((value) => value.address));
      if (to.includes(address) && subject.test(mail.subject ?? "")) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${subject} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path and query of the mail's link to `pathname` (the test opens it on its own server). */
export function linkIn(mail: ParsedMail, pathname: string): string {
  const url = (mail.text ?? "").match(/https?:\/\/\S+/g)?.map((link) => new URL(link)).find((link) => link.pathname === pathname);
  if (!url) throw new Error(`no link to ${pathname} in: ${mail.text}`);
  return url.pathname + url.search;
}
