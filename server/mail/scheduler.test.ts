import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notifications } from "../db/schema";
import { nextDigestAt } from "../commands/mail-schedule";
import { TASKS } from "../jobs/tasks";
import { createTestApp, type TestApp } from "../test/app";
import { jobsSettled, queuedJobs } from "../test/jobs";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { insertMember, readUser, signedInAgent, type Agent } from "../test/fixtures";
import type { ParsedMail } from "mailparser";
import { recipients, startSmtpServer, type TestSmtpServer } from "../test/smtp";
import { startPresenceServer, type PresenceServer } from "../ws/test-support";

const SITE = "https://community.example";
const MINUTE = 60_000;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

let addressCount = 0;
const newAddress = () => `member${++addressCount}.${process.pid}@mail.example`;
const mailsTo = (address: string) => smtp.mails.filter((mail) => recipients(mail).includes(address));
const later = (from: number, ms: number) => new Date(from + ms);
/** A header as sent (mailparser turns List-* headers into objects). */
const rawHeader = (mail: ParsedMail, key: string) => mail.headerLines.find((line) => line.key === key)?.line.replace(/^[^:]+:\s*/, "");

describe("away mails and digests (EMAIL_AWAY_MINUTES=10)", () => {
  let t: TestApp;
  let sender: Agent;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: SITE, EMAIL_AWAY_MINUTES: "10", EMAIL_DIGEST_HOUR: "8" });
    sender = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
  });
  afterAll(() => t.close());

  /** A member who gets mail (a verified address), and a way to send them a private message. */
  async function recipient(values: Parameters<typeof insertMember>[1] = {}) {
    const email = newAddress();
    const member = await insertMember(t.database.db, { email, emailVerified: true, ...values });
    return { ...member, email };
  }
  const message = async (username: string, content = "Are you there?") => {
    const res = await sender.post("/api/conversations").send({ usernames: [username], content });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  /** Runs the scheduler at `now` and waits for what it sent. */
  const runAt = async (now: Date | undefined) => {
    await t.mail.scheduler.run(now);
    await jobsSettled(t.database.db, [TASKS.sendMail]);
  };

  it("mails once something stayed unread for the delay, summarising it with a one-click unsubscribe; at most once an hour", async () => {
    const member = await recipient();
    const start = Date.now();
    await message(member.username, "First message");
    await t.database.db.insert(notifications).values({ userId: member.id, type: "badge", badgeType: "verified" });

    await runAt(later(start, 9 * MINUTE));
    expect(mailsTo(member.email)).toEqual([]);

    await runAt(later(start, 11 * MINUTE));
    const [mail] = mailsTo(member.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain("1 unread notification");
    expect(mail!.text).toContain("1 new message from");
    expect(mail!.text).toContain(`${SITE}/messages/`);
    expect(mail!.html).toContain(`href="${SITE}/messages/`);
    expect(mail!.text).toContain("You were given the");
    const unsubscribe = rawHeader(mail!, "list-unsubscribe")!;
    expect(unsubscribe).toMatch(new RegExp(`^<${SITE}/api/email/unsubscribe\\?token=[^>]+>$`));
    expect(rawHeader(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // Something new within the hour waits for the hour to end, then one mail says what is unread.
    await message(member.username, "Second message");
    await runAt(later(start, 40 * MINUTE));
    expect(mailsTo(member.email)).toHaveLength(1);
    await runAt(later(start, 72 * MINUTE));
    expect(mailsTo(member.email)).toHaveLength(2);
    // Nothing new since: nothing more.
    await runAt(later(start, 200 * MINUTE));
    expect(mailsTo(member.email)).toHaveLength(2);

    // The header's link works without a session: no more mail.
    const url = new URL(unsubscribe.slice(1, -1));
    const res = await request(t.app).post(url.pathname + url.search).type("form").send("List-Unsubscribe=One-Click");
    expect(res.status).toBe(204);
    expect((await readUser(t.database.db, member.id)).emailNotifications).toBe("never");
    await message(member.username, "Third message");
    await runAt(later(start, 400 * MINUTE));
    expect(mailsTo(member.email)).toHaveLength(2);
  });

  it("mails nobody whose address is unverified, who chose never, or who read it in time", async () => {
    const unverified = await recipient({ emailVerified: false });
    const never = await recipient({ emailNotifications: "never" });
    const reader = await recipient();
    const start = Date.now();
    await message(unverified.username);
    await message(never.username);
    const conversation = await message(reader.username);
    const readerAgent = await signedInAgent(t.app, reader.username);
    const lastMessage = (await readerAgent.get(`/api/conversations/${conversation}/messages`)).body.messages.at(-1).id;
    expect((await readerAgent.put(`/api/conversations/${conversation}/read`).send({ messageId: lastMessage })).status).toBeLessThan(300);

    await runAt(later(start, 120 * MINUTE));
    expect([...mailsTo(unverified.email), ...mailsTo(never.email), ...mailsTo(reader.email)]).toEqual([]);
  });

  it("sends one mail when two server processes run at once", async () => {
    const other = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: SITE, EMAIL_AWAY_MINUTES: "10" }, { database: t.database });
    try {
      const members = await Promise.all([recipient(), recipient(), recipient()]);
      const start = Date.now();
      for (const member of members) await message(member.username);
      await Promise.all([t.mail.scheduler.run(later(start, 11 * MINUTE)), other.mail.scheduler.run(later(start, 11 * MINUTE))]);
      // Either process's sender may take either's mail: both have sent what they took.
      await jobsSettled(t.database.db, [TASKS.sendMail]);
      expect(members.map((member) => mailsTo(member.email).length)).toEqual([1, 1, 1]);
    } finally {
      await other.close();
    }
  });

  it("keeps one schedule job a member however many things arrive, due when the mail may go", async () => {
    const member = await recipient();
    for (const text of ["One", "Two", "Three"]) await message(member.username, text);
    await jobsSettled(t.database.db, [TASKS.mailSchedule]);
    const jobs = (await queuedJobs(t.database.db, TASKS.mailSchedule)).filter((job) => job.key === `${TASKS.mailSchedule}:${member.id}`);
    expect(jobs).toHaveLength(1);
    // Decided on the database's clock: the away delay from the first message.
    expect(jobs[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 9 * MINUTE);
    expect(jobs[0]!.runAt.getTime()).toBeLessThan(Date.now() + 11 * MINUTE);
  });

  it("decides on the database's clock: a schedule due now is taken even where this machine's clock is behind", async () => {
    const member = await recipient();
    const arrivedAt = new Date(Date.now() - 20 * MINUTE);
    // Due times are written by the database; the process's clock may lag it (another machine, or
    // the same millisecond read without its microseconds).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 60 * MINUTE });
    try {
      await t.database.db.insert(notifications).values({ userId: member.id, type: "badge", badgeType: "verified", createdAt: arrivedAt });
      await runAt(undefined);
      expect(mailsTo(member.email)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends a daily digest at the digest hour, once a day", async () => {
    const member = await recipient({ emailNotifications: "daily" });
    const start = Date.now();
    await message(member.username);
    const digestAt = nextDigestAt(new Date(start), 8);
    await runAt(new Date(digestAt.getTime() - MINUTE));
    expect(mailsTo(member.email)).toEqual([]);
    await runAt(new Date(digestAt.getTime() + MINUTE));
    const [digest] = mailsTo(member.email);
    expect(digest!.subject).toContain("daily");
    expect(rawHeader(digest!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    await message(member.username, "Later that day");
    await runAt(new Date(digestAt.getTime() + 3 * 60 * MINUTE));
    expect(mailsTo(member.email)).toHaveLength(1);
    await runAt(new Date(digestAt.getTime() + 24 * 60 * MINUTE + MINUTE));
    expect(mailsTo(member.email)).toHaveLength(2);
  });
});

describe("away mails and open sockets (EMAIL_AWAY_MINUTES=0)", () => {
  let database: TestDatabase;
  let server: PresenceServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    // SMTP_URL needs PUBLIC_URL; the sockets then come from pages of that site.
    server = await startPresenceServer(database.url, { env: { SMTP_URL: smtp.url, PUBLIC_URL: SITE, EMAIL_AWAY_MINUTES: "0" } });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it("sends nothing while the member has a socket open, and at once when the last one closes", async () => {
    const email = newAddress();
    const member = await insertMember(database.db, { email, emailVerified: true });
    const cookie = await server.signIn(member.username);
    const socket = await server.connect(cookie, { origin: SITE });
    await socket.nextStatus(member.id, true);

    await database.db.insert(notifications).values({ userId: member.id, type: "badge", badgeType: "verified" });
    await server.mail.scheduler.run(new Date(Date.now() + 120 * MINUTE));
    await jobsSettled(database.db, [TASKS.sendMail]);
    expect(mailsTo(email)).toEqual([]);

    await socket.close();
    // The socket's close is announced (NOTIFY): the scheduler wakes and sends without being run.
    const mail = await smtp.next((received) => recipients(received).includes(email));
    expect(mail.subject).toContain("1 unread notification");
  });

  it("sends at once when the member is away", async () => {
    const email = newAddress();
    const member = await insertMember(database.db, { email, emailVerified: true });
    await database.db.insert(notifications).values({ userId: member.id, type: "badge", badgeType: "verified" });
    const mail = await smtp.next((received) => recipients(received).includes(email));
    expect(mail.text).toContain(`${SITE}/unsubscribe?token=`);
  });

  it("a password reset closes the member's sockets", async () => {
    const email = newAddress();
    const member = await insertMember(database.db, { email, emailVerified: true });
    const socket = await server.connect(await server.signIn(member.username), { origin: SITE });
    expect((await fetch(`${server.origin}/api/auth/forgot-password`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ login: email }) })).status).toBe(204);
    const mail = await smtp.next((received) => recipients(received).includes(email) && /reset/i.test(received.subject ?? ""));
    const token = new URL(mail.text!.match(/https:\/\/\S+reset-password\S+/)![0]).searchParams.get("token");
    const res = await fetch(`${server.origin}/api/auth/reset-password`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token, password: "Brand-new-9" }) });
    expect(res.status).toBe(204);
    expect((await socket.closed).code).toBeGreaterThan(0);
  });
});
