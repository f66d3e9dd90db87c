import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtpServer {
  /** SMTP_URL for the app under test: a login the server checks, on a loopback port. */
  url: string;
  /** Every mail received so far, parsed, in the order it arrived. */
  mails: ParsedMail[];
  /** The first mail received (now or within the time given) that `match` accepts, counting from `after`. */
  next(match: (mail: ParsedMail) => boolean, options?: { after?: number; timeoutMs?: number }): Promise<ParsedMail>;
  /** While on, every recipient is refused with a temporary error (450), as a server in trouble would. */
  refuse(on: boolean): void;
  /** Keeps the next mails unanswered (a slow server) until `release`; `held` resolves once one is waiting. */
  hold(): { held: Promise<void>; release(): void };
  close(): Promise<void>;
}

const USER = "mailer";
const PASS = "mail-secret";

/** A real SMTP server on 127.0.0.1 (smtp-server), parsing what it receives with mailparser. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  let holding: { arrived(): void; released: Promise<void> } | undefined;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(new Error("Invalid login"));
    },
    onRcptTo(_address, _session, callback) {
      callback(refusing ? Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 450 }) : undefined);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (holding) {
            holding.arrived();
            await holding.released;
          }
          mails.push(mail);
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    mails,
    async next(match, { after = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(after).find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching mail within ${timeoutMs} ms; got ${JSON.stringify(mails.map((mail) => mail.subject))}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    refuse(on) {
      refusing = on;
    },
    hold() {
      let arrived!: () => void;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (arrived = resolve));
      holding = { arrived, released: new Promise<void>((resolve) => (release = resolve)) };
      return {
        held,
        release() {
          holding = undefined;
          release();
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The addresses a parsed mail went to. */
export const recipients = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) => to.value.map((v) => v.address));

/** The token of the first link in the mail's text part that leads to `pathname`. */
export function linkToken(mail: ParsedMail, pathname: string): string {
  const link = (mail.text ?? "").match(/https?:\/\/\S+/g)?.map((url) => new URL(url)).find((url) => url.pathname === pathname);
  if (!link) throw new Error(`no link to ${pathname} in: ${mail.text}`);
  return link.searchParams.get("token")!;
}
