import { sql } from "drizzle-orm";
import { makeWorkerUtils } from "graphile-worker";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SealedBox } from "../auth/sealed-box";
import { MAIL_MAX_ATTEMPTS, queueMail, retryFailedMails } from "../commands/mail-outbox";
import { TASKS } from "../jobs/tasks";
import { listFailedMails } from "../queries/mail-outbox";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { insertMember } from "../test/fixtures";
import { jobsSettled, queuedJobs } from "../test/jobs";
import { linkToken, recipients, startSmtpServer, type TestSmtpServer } from "../test/smtp";

const SITE = "https://community.example";
let smtp: TestSmtpServer;
const env = () => ({ SMTP_URL: smtp.url, PUBLIC_URL: SITE });

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

let addressCount = 0;
const newAddress = () => `outbox${++addressCount}.${process.pid}@mail.example`;
const mailsTo = (address: string) => smtp.mails.filter((mail) => recipients(mail).includes(address));
const outbox = (database: TestDatabase) => queuedJobs(database.db, TASKS.sendMail);
const sent = (database: TestDatabase) => jobsSettled(database.db, [TASKS.sendMail]);

/** A member with a verified address, and the forgot-password request that mails them a reset link. */
async function resetMailFor(t: TestApp) {
  const email = newAddress();
  const member = await insertMember(t.database.db, { email, emailVerified: true });
  expect((await request(t.app).post("/api/auth/forgot-password").send({ login: member.username })).status).toBe(204);
  return email;
}

/** The job library's own operations (as the CLI uses them), on the test database. */
async function withWorkerUtils<T>(database: TestDatabase, work: (utils: Awaited<ReturnType<typeof makeWorkerUtils>>) => Promise<T>): Promise<T> {
  const utils = await makeWorkerUtils({ pgPool: database.pool });
  try {
    return await work(utils);
  } finally {
    await utils.release();
  }
}

describe("the mail outbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env());
  });
  afterEach(async () => {
    smtp.refuse(false);
    await sent(t.database);
    await withWorkerUtils(t.database, async (utils) => utils.completeJobs((await outbox(t.database)).map((job) => job.id)));
  });
  afterAll(() => t.close());

  it("keeps a mail the server refused, retries it with backoff, and it is gone once it went out", async () => {
    smtp.refuse(true);
    const before = Date.now();
    const email = await resetMailFor(t);
    await sent(t.database);
    const [first] = await outbox(t.database);
    expect(first).toMatchObject({ attempts: 1, maxAttempts: MAIL_MAX_ATTEMPTS, lockedAt: null });
    expect(first!.lastError).toMatch(/450/);
    // The job queue's backoff after a first failure: e¹ seconds.
    expect(first!.runAt.getTime()).toBeGreaterThan(before + 2_000);

    smtp.refuse(false);
    const mail = await smtp.next((received) => recipients(received).includes(email), { timeoutMs: 15_000 });
    expect(linkToken(mail, "/reset-password")).toBeTruthy();
    await expect.poll(() => outbox(t.database), { timeout: 5_000 }).toEqual([]);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("stores the mail sealed: neither its link's token nor its address can be read in the job", async () => {
    smtp.refuse(true);
    const email = await resetMailFor(t);
    await sent(t.database);
    const stored = await t.database.db.execute<{ payload: { sealedMail: string } }>(sql`SELECT payload FROM graphile_worker._private_jobs`);
    smtp.refuse(false);
    const token = linkToken(await smtp.next((received) => recipients(received).includes(email), { timeoutMs: 15_000 }), "/reset-password");

    const { sealedMail } = stored.rows[0]!.payload;
    const readable = [JSON.stringify(stored.rows), ...sealedMail.split(".").map((part) => Buffer.from(part, "base64url").toString("latin1"))].join("\n");
    for (const secret of [token, email, "reset-password"]) expect(readable).not.toContain(secret);
  });

  it("sends nothing for a transaction that rolled back", async () => {
    const email = newAddress();
    const rolledBack = t.database.db.transaction(async (tx) => {
      await t.mail.mailer.queue(tx, { to: email, subject: "Never sent", text: "No.", html: "<p>No.</p>" });
      throw new Error("rolled back");
    });
    await expect(rolledBack).rejects.toThrow("rolled back");
    await sent(t.database);
    expect(await outbox(t.database)).toEqual([]);
    expect(mailsTo(email)).toEqual([]);
  });

  it(`gives a mail up after ${MAIL_MAX_ATTEMPTS} attempts: kept as failed, never tried again, until the operator retries it`, async () => {
    smtp.refuse(true);
    const email = await resetMailFor(t);
    await sent(t.database);
    // Its last attempt, at once.
    const [job] = await outbox(t.database);
    await withWorkerUtils(t.database, (utils) => utils.rescheduleJobs([job!.id], { runAt: new Date(), attempts: MAIL_MAX_ATTEMPTS - 1 }));
    await expect.poll(async () => (await outbox(t.database))[0], { timeout: 10_000 }).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, lockedAt: null });
    expect(await listFailedMails(t.database.db)).toMatchObject([{ id: Number(job!.id), attempts: MAIL_MAX_ATTEMPTS, lastError: expect.stringMatching(/450/) }]);

    smtp.refuse(false);
    // Due or not, a given-up job is never taken again.
    await withWorkerUtils(t.database, (utils) => utils.rescheduleJobs([job!.id], { runAt: new Date() }));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(mailsTo(email)).toEqual([]);

    // The operator sends it again (the CLI's mail-retry): it goes out, with its attempts ahead of it.
    expect(await retryFailedMails(t.database.db, [Number(job!.id)])).toBe(1);
    const mail = await smtp.next((received) => recipients(received).includes(email), { timeoutMs: 15_000 });
    expect(linkToken(mail, "/reset-password")).toBeTruthy();
    await expect.poll(() => outbox(t.database), { timeout: 5_000 }).toEqual([]);
  });

  it("retries a mail sealed under another session secret (a process holding that secret may send it), and says why it failed", async () => {
    const otherSecret = new SealedBox("another-session-secret-that-is-long-enough", "mail outbox encryption");
    const email = newAddress();
    await queueMail(t.database.db, otherSecret.seal(JSON.stringify({ to: email, subject: "Lost", text: "", html: "" })));
    await expect.poll(async () => (await outbox(t.database))[0]?.lastError, { timeout: 10_000 }).toMatch(/cannot be opened/);
    expect(await outbox(t.database)).toMatchObject([{ attempts: 1, maxAttempts: MAIL_MAX_ATTEMPTS }]);
    expect(mailsTo(email)).toEqual([]);
  });
});

describe("the mail outbox across processes", () => {
  it("sends a mail queued while no process ran, from the first one to start", async () => {
    const database = await createTestDatabase();
    const a = await createTestApp(env(), { database });
    try {
      await a.close();
      const email = newAddress();
      await a.mail.mailer.queue(database.db, { to: email, subject: "Waiting", text: "Hello", html: "<p>Hello</p>" });

      const b = await createTestApp(env(), { database });
      try {
        await smtp.next((received) => recipients(received).includes(email));
        await sent(database);
        expect(await outbox(database)).toEqual([]);
      } finally {
        await b.close();
      }
    } finally {
      await database.drop();
    }
  });

  it("on shutdown finishes the send under way, leaving nothing to send again", async () => {
    const database = await createTestDatabase();
    const a = await createTestApp(env(), { database });
    const slow = smtp.hold();
    try {
      const email = newAddress();
      await a.mail.mailer.queue(database.db, { to: email, subject: "Shutdown", text: "Hello", html: "<p>Hello</p>" });
      await slow.held;
      const closing = a.close();
      slow.release();
      await closing;
      expect(mailsTo(email)).toHaveLength(1);
      expect(await outbox(database)).toEqual([]);
    } finally {
      slow.release();
      await database.drop();
    }
  });

  it("sends each of 20 mails exactly once when two processes race for them, each with a Message-ID of its own", async () => {
    const a = await createTestApp(env());
    const b = await createTestApp(env(), { database: a.database });
    try {
      const addresses = Array.from({ length: 20 }, newAddress);
      // One commit wakes both processes' workers at once.
      await a.database.db.transaction(async (tx) => {
        for (const [i, to] of addresses.entries()) await a.mail.mailer.queue(tx, { to, subject: `Race ${i}`, text: `Mail ${i}`, html: `<p>Mail ${i}</p>` });
      });
      await sent(a.database);

      const received = smtp.mails.filter((mail) => recipients(mail).some((to) => addresses.includes(to!)));
      expect(received.map((mail) => recipients(mail)[0]).sort()).toEqual([...addresses].sort());
      const messageIds = received.map((mail) => mail.messageId);
      expect(new Set(messageIds).size).toBe(20);
      for (const messageId of messageIds) expect(messageId).toMatch(/^<outbox-\d+\.\d+@community\.example>$/);
      expect(await outbox(a.database)).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
