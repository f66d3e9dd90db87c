import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SealedBox } from "../auth/sealed-box";
import { MAIL_MAX_ATTEMPTS, retryFailedMails } from "../commands/mail-outbox";
import { mailOutbox } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase } from "../test/database";
import { insertMember } from "../test/fixtures";
import { linkToken, recipients, startSmtpServer, type TestSmtpServer } from "../test/smtp";

const SITE = "https://community.example";
const MINUTE = 60_000;
let smtp: TestSmtpServer;
const env = () => ({ SMTP_URL: smtp.url, PUBLIC_URL: SITE });

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

let addressCount = 0;
const newAddress = () => `outbox${++addressCount}.${process.pid}@mail.example`;
const mailsTo = (address: string) => smtp.mails.filter((mail) => recipients(mail).includes(address));

/** A member with a verified address, and the forgot-password request that mails them a reset link. */
async function resetMailFor(t: TestApp) {
  const email = newAddress();
  const member = await insertMember(t.database.db, { email, emailVerified: true });
  expect((await request(t.app).post("/api/auth/forgot-password").send({ login: member.username })).status).toBe(204);
  return email;
}

describe("the mail outbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env());
  });
  afterEach(async () => {
    smtp.refuse(false);
    await t.database.db.delete(mailOutbox);
  });
  afterAll(() => t.close());

  const outbox = () => t.database.db.select().from(mailOutbox);

  it("keeps a mail the server refused, retries it a minute later, then two, and deletes it once it went out", async () => {
    smtp.refuse(true);
    const before = Date.now();
    const email = await resetMailFor(t);
    await t.mail.mailer.idle();
    const [first] = await outbox();
    expect(first).toMatchObject({ attempts: 1, failedAt: null });
    expect(first!.lastError).toMatch(/450/);
    expect(first!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + MINUTE);
    expect(first!.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 2 * MINUTE);

    // The stored time has microseconds: the next millisecond is past it.
    const retry = new Date(first!.nextAttemptAt.getTime() + 1);
    await t.mail.sender.run(retry);
    const [second] = await outbox();
    expect(second).toMatchObject({ attempts: 2, failedAt: null, nextAttemptAt: new Date(retry.getTime() + 2 * MINUTE) });

    smtp.refuse(false);
    await t.mail.sender.run(new Date(retry.getTime() + 2 * MINUTE - 1_000));
    expect(mailsTo(email)).toEqual([]);
    await t.mail.sender.run(new Date(retry.getTime() + 2 * MINUTE));
    expect(mailsTo(email)).toHaveLength(1);
    expect(await outbox()).toEqual([]);
  });

  it("stores the mail sealed: neither its link's token nor its address can be read in the row", async () => {
    smtp.refuse(true);
    const email = await resetMailFor(t);
    await t.mail.mailer.idle();
    const [row] = await outbox();
    smtp.refuse(false);
    await t.mail.sender.run(new Date(Date.now() + 2 * MINUTE));
    const token = linkToken(mailsTo(email)[0]!, "/reset-password");

    const stored = [JSON.stringify(row), ...row!.sealedMail.split(".").map((part) => Buffer.from(part, "base64url").toString("latin1"))].join("\n");
    for (const secret of [token, email, "reset-password"]) expect(stored).not.toContain(secret);
  });

  it("sends nothing for a transaction that rolled back", async () => {
    const email = newAddress();
    const rolledBack = t.database.db.transaction(async (tx) => {
      await t.mail.mailer.queue(tx, { to: email, subject: "Never sent", text: "No.", html: "<p>No.</p>" });
      throw new Error("rolled back");
    });
    await expect(rolledBack).rejects.toThrow("rolled back");
    await t.mail.mailer.idle();
    expect(await outbox()).toEqual([]);
    expect(mailsTo(email)).toEqual([]);
  });

  it(`gives a mail up after ${MAIL_MAX_ATTEMPTS} attempts: kept as failed, never tried again`, async () => {
    smtp.refuse(true);
    const email = await resetMailFor(t);
    await t.mail.mailer.idle();
    await t.database.db.update(mailOutbox).set({ attempts: MAIL_MAX_ATTEMPTS - 1 });
    const last = new Date(Date.now() + 2 * MINUTE);
    await t.mail.sender.run(last);
    const [row] = await outbox();
    expect(row).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, failedAt: last });

    smtp.refuse(false);
    await t.mail.sender.run(new Date(last.getTime() + 7 * 24 * 60 * MINUTE));
    expect(mailsTo(email)).toEqual([]);
    expect(await outbox()).toMatchObject([{ id: row!.id, attempts: MAIL_MAX_ATTEMPTS, failedAt: last }]);

    // The operator sends it again (the CLI's mail-retry): the senders are woken and it goes out.
    expect(await retryFailedMails(t.database.db, [row!.id])).toBe(1);
    const sent = await smtp.next((mail) => recipients(mail).includes(email));
    expect(linkToken(sent, "/reset-password")).toBeTruthy();
    await t.mail.mailer.idle();
    expect(await outbox()).toEqual([]);
  });

  it("gives up at once a mail sealed under another session secret: no attempt could read it", async () => {
    smtp.refuse(true);
    const email = await resetMailFor(t);
    await t.mail.mailer.idle();
    const otherSecret = new SealedBox("another-session-secret-that-is-long-enough", "mail outbox encryption");
    await t.database.db.update(mailOutbox).set({ sealedMail: otherSecret.seal(JSON.stringify({ to: email, subject: "Lost", text: "", html: "" })) });
    smtp.refuse(false);
    const later = new Date(Date.now() + 2 * MINUTE);
    await t.mail.sender.run(later);
    expect(await outbox()).toMatchObject([{ attempts: 2, failedAt: later, lastError: expect.stringMatching(/cannot be opened/) }]);
    expect(mailsTo(email)).toEqual([]);
  });
});

describe("the mail outbox across processes", () => {
  it("sends a mail whose process closed before sending it from another process on the same database", async () => {
    const database = await createTestDatabase();
    const a = await createTestApp(env(), { database });
    try {
      // Process A stops sending (as if it died right after the commit), and the server is down meanwhile.
      await a.mail.sender.close();
      smtp.refuse(true);
      const email = await resetMailFor(a);
      await a.close();
      smtp.refuse(false);

      const b = await createTestApp(env(), { database });
      try {
        const mail = await smtp.next((received) => recipients(received).includes(email));
        expect(mail.text).toContain(`${SITE}/reset-password?token=`);
        await b.mail.mailer.idle();
        expect(await database.db.select().from(mailOutbox)).toEqual([]);
      } finally {
        await b.close();
      }
    } finally {
      smtp.refuse(false);
      await database.drop();
    }
  });

  it("on shutdown claims nothing more and finishes the send under way; the next process sends the rest", async () => {
    const database = await createTestDatabase();
    const a = await createTestApp(env(), { database });
    const slow = smtp.hold();
    try {
      const [first, second] = [newAddress(), newAddress()];
      await database.db.transaction(async (tx) => {
        for (const to of [first, second]) await a.mail.mailer.queue(tx, { to, subject: "Shutdown", text: "Hello", html: "<p>Hello</p>" });
      });
      await slow.held;
      const closing = a.mail.close();
      slow.release();
      await closing;
      expect(mailsTo(first)).toHaveLength(1);
      expect(mailsTo(second)).toEqual([]);
      // The first is deleted, the second was never claimed.
      expect(await database.db.select({ attempts: mailOutbox.attempts }).from(mailOutbox)).toEqual([{ attempts: 0 }]);

      const b = await createTestApp(env(), { database });
      try {
        await smtp.next((received) => recipients(received).includes(second));
      } finally {
        await b.close();
      }
    } finally {
      slow.release();
      await a.close();
      await database.drop();
    }
  });

  it("sends each of 20 mails exactly once when two processes race for them, each with a Message-ID of its own", async () => {
    const a = await createTestApp(env());
    const b = await createTestApp(env(), { database: a.database });
    try {
      const addresses = Array.from({ length: 20 }, newAddress);
      // One commit wakes both processes' senders at once.
      await a.database.db.transaction(async (tx) => {
        for (const [i, to] of addresses.entries()) await a.mail.mailer.queue(tx, { to, subject: `Race ${i}`, text: `Mail ${i}`, html: `<p>Mail ${i}</p>` });
      });
      await Promise.all([a.mail.mailer.idle(), b.mail.mailer.idle()]);

      const received = smtp.mails.filter((mail) => recipients(mail).some((to) => addresses.includes(to!)));
      expect(received.map((mail) => recipients(mail)[0]).sort()).toEqual([...addresses].sort());
      const messageIds = received.map((mail) => mail.messageId);
      expect(new Set(messageIds).size).toBe(20);
      for (const messageId of messageIds) expect(messageId).toMatch(/^<outbox-\d+\.\d+@community\.example>$/);
      expect(await a.database.db.select().from(mailOutbox)).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
